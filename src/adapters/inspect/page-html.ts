/**
 * The inspector page's HTML and CSS. The page script (page/main.ts) fills it
 * from the server's stream; nothing is loaded from the network.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const CSS = `
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #1f2937; background: #f8fafc; height: 100vh; display: flex; flex-direction: column; }
header { display: flex; align-items: center; gap: 12px; padding: 8px 14px; background: #1e293b; color: #f1f5f9; }
header h1 { font-size: 15px; margin: 0; font-weight: 600; }
header .match { color: #cbd5e1; }
header .spacer { flex: 1; }
header button { font: inherit; padding: 3px 10px; border-radius: 4px; border: 1px solid #64748b; background: #334155; color: #f1f5f9; cursor: pointer; }
header button:disabled { opacity: .4; cursor: default; }
header a#save-trace { font: inherit; padding: 3px 10px; border-radius: 4px; border: 1px solid #64748b; background: #334155; color: #f1f5f9; text-decoration: none; }
#position { min-width: 64px; text-align: center; font-variant-numeric: tabular-nums; }
#status { font-size: 12px; color: #94a3b8; }
#status.error { color: #fca5a5; }
main { flex: 1; display: flex; min-height: 0; }
#chart { flex: 1; overflow: auto; background: #fff; border-right: 1px solid #e2e8f0; padding: 8px; }
#chart { position: relative; }
#chart svg { max-width: none; display: block; }
#zoom { position: sticky; top: 0; left: 0; z-index: 1; display: inline-flex; gap: 2px; margin-bottom: 4px; }
#zoom button { font: 12px system-ui, sans-serif; min-width: 28px; padding: 2px 6px; border: 1px solid #cbd5e1; border-radius: 4px; background: #f8fafc; cursor: pointer; }
#chart .state.active > rect.outer { fill: #fef3c7; stroke: #d97706; stroke-width: 2.5; }
#chart .state.active > .name { fill: #92400e; }
#chart .state-region.active > rect.outer, #chart .state-parallel.active > rect.outer, #chart .state-compound.active > rect.outer, #chart .state-root.active > rect.outer { fill: #fffbeb; }
#chart .transition.taken path { stroke: #d97706; stroke-width: 2.5; stroke-dasharray: none; }
#chart .transition.taken text { fill: #b45309; font-weight: bold; }
aside { width: 440px; display: flex; flex-direction: column; min-height: 0; overflow: auto; }
aside section { padding: 8px 12px; border-bottom: 1px solid #e2e8f0; }
aside h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #64748b; margin: 4px 0 6px; }
.player { margin-bottom: 8px; }
.player h3 { font-size: 13px; margin: 0 0 4px; }
.player h3 .seat { font-weight: normal; color: #92400e; background: #fef3c7; border-radius: 3px; padding: 0 5px; margin-left: 4px; }
.player h3 .seat.idle { color: #64748b; background: #f1f5f9; }
.actions { display: flex; flex-wrap: wrap; gap: 4px; }
.action { display: inline-flex; gap: 2px; }
.action button { font: 12px ui-monospace, Menlo, Consolas, monospace; padding: 2px 7px; border: 1px solid #0f766e; border-radius: 4px; background: #f0fdfa; color: #115e59; cursor: pointer; }
.action.move button { border-color: #7c3aed; background: #f5f3ff; color: #5b21b6; }
.action.needs-args button { border-style: dashed; }
.action input { font: 12px ui-monospace, Menlo, Consolas, monospace; width: 170px; padding: 1px 4px; border: 1px solid #cbd5e1; border-radius: 4px; }
.none { color: #94a3b8; font-style: italic; }
#log ol { list-style: none; margin: 0; padding: 0; font: 12px ui-monospace, Menlo, Consolas, monospace; }
#log li { padding: 3px 6px; border-left: 3px solid transparent; cursor: pointer; }
#log li:hover { background: #f1f5f9; }
#log li.current { border-left-color: #d97706; background: #fffbeb; }
#log li.future { opacity: .45; }
#log li.rejected .request { color: #b91c1c; text-decoration: line-through; }
#log .steps { color: #64748b; margin-left: 14px; }
#log .rejection { color: #b91c1c; margin-left: 14px; white-space: pre-wrap; }
#custom { display: flex; gap: 4px; flex-wrap: wrap; }
#custom input, #custom select, #custom button { font: 12px ui-monospace, Menlo, Consolas, monospace; }
#custom input[name=type] { width: 140px; }
#custom input[name=args] { width: 120px; }
#state pre { margin: 0; font: 11px ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; max-height: 280px; overflow: auto; }
`;

export function pageHtml(gameName: string): string {
  const title = `turnchart inspector — ${escapeHtml(gameName)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>${CSS}</style>
</head>
<body>
<header>
  <h1>turnchart inspector</h1>
  <span class="match" id="match"></span>
  <span class="spacer"></span>
  <button id="back" title="Step back (←)" disabled>◀ back</button>
  <span id="position">0 / 0</span>
  <button id="forward" title="Step forward (→)" disabled>forward ▶</button>
  <span id="status">connecting…</span>
  <a id="save-trace" href="/trace.json" download title="Save the match up to this point as a trace (turnchart-trace/1) for turnchart replay and coverage">save trace</a>
  <button id="stately" title="Open Stately Inspector (stately.ai, needs the network) with the same event stream">Stately Inspector ↗</button>
</header>
<main>
  <section id="chart" aria-label="statechart">
    <div id="zoom"><button type="button" data-zoom="out" title="zoom out">−</button><button type="button" data-zoom="fit" title="fit to width">fit</button><button type="button" data-zoom="in" title="zoom in">+</button></div>
    <div id="drawing"></div>
  </section>
  <aside>
    <section id="players"><h2>What each player may send</h2><div id="player-list"></div>
      <form id="custom" autocomplete="off">
        <select name="player" aria-label="player"></select>
        <input name="type" placeholder="move.name or event" aria-label="request type">
        <input name="args" value="[]" aria-label="arguments (JSON array)">
        <button type="submit">send</button>
      </form>
    </section>
    <section id="log"><h2>Log</h2><ol></ol></section>
    <section id="state"><h2>G and ctx</h2><pre></pre></section>
  </aside>
</main>
<script src="/page.js"></script>
</body>
</html>
`;
}
