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
header { display: flex; align-items: center; gap: 12px; padding: 8px 14px; background: #1e293b; color: #f1f5f9; flex-wrap: nowrap; white-space: nowrap; min-width: 0; }
header > * { flex: none; }
header h1 { font-size: 15px; margin: 0; font-weight: 600; }
header .match { color: #cbd5e1; flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
header .spacer { flex: 1; }
header button { font: inherit; padding: 3px 10px; border-radius: 4px; border: 1px solid #64748b; background: #334155; color: #f1f5f9; cursor: pointer; }
header button:disabled { opacity: .4; cursor: default; }
header a#save-trace { font: inherit; padding: 3px 10px; border-radius: 4px; border: 1px solid #64748b; background: #334155; color: #f1f5f9; text-decoration: none; }
#position { min-width: 64px; text-align: center; font-variant-numeric: tabular-nums; }
#status { font-size: 12px; color: #94a3b8; flex: 0 0 auto; min-width: 0; max-width: 280px; overflow: hidden; text-overflow: ellipsis; }
#status.error { color: #fca5a5; }
#banner { display: flex; align-items: center; gap: 8px; padding: 4px 14px; background: #fef2f2; color: #991b1b; border-bottom: 1px solid #fecaca; font-size: 12px; white-space: nowrap; }
#banner[hidden] { display: none; }
#banner .text { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
#banner button { font: inherit; border: none; background: none; color: inherit; cursor: pointer; }
main { flex: 1; display: flex; min-height: 0; }
#chart { flex: 1; min-width: 0; overflow: auto; background: #fff; border-right: 1px solid #e2e8f0; padding: 8px; }
#chart { position: relative; }
#chart svg { max-width: none; display: block; }
#tools { position: sticky; top: 0; left: 0; z-index: 1; height: 0; overflow: visible; display: flex; justify-content: flex-end; gap: 8px; align-items: flex-start; }
#tools > * { background: #f8fafcee; }
#zoom, #turns { display: inline-flex; gap: 2px; }
#zoom button, #turns button { font: 12px system-ui, sans-serif; min-width: 28px; padding: 2px 6px; border: 1px solid #cbd5e1; border-radius: 4px; background: #f8fafc; cursor: pointer; }
#legend { font-size: 12px; color: #475569; background: #f8fafcee; border: 1px solid #e2e8f0; border-radius: 4px; padding: 1px 8px; }
#legend summary { cursor: pointer; }
#legend ul { margin: 4px 0; padding-left: 16px; font: 12px ui-monospace, Menlo, Consolas, monospace; }
#chart .state[data-collapse] > rect.outer, #chart .state[data-collapse] > .name { cursor: pointer; }
#chart .state[data-collapse]:hover > rect.outer { stroke-width: 2.4; }
#chart .state.active > rect.outer { stroke: #f59e0b; stroke-width: 1.6; }
#chart .state.active-leaf > rect.outer { fill: #fde68a; stroke: #b45309; stroke-width: 3; }
#chart .state.active-leaf > .name { fill: #78350f; }
#chart .state.unreached.active-leaf > rect.outer { fill: #fde68a; }
#chart .state.refused > rect.outer { stroke: #dc2626; stroke-width: 3; }
#chart .transition.taken path { stroke: #d97706; stroke-width: 2.5; stroke-dasharray: none; }
#chart .transition.taken .taken-line { fill: #b45309; font-weight: bold; }
#chart .overlay text { font-weight: bold; paint-order: normal; stroke: none; }
#chart .taken-label rect { fill: #fffbeb; stroke: #d97706; }
#chart .taken-label text { fill: #92400e; }
#chart .seats rect { fill: #b45309; stroke: none; }
#chart .seats text { fill: #ffffff; }
#chart .refusal rect { fill: #fef2f2; stroke: #dc2626; }
#chart .refusal text { fill: #b91c1c; }
aside { width: 360px; flex: none; display: flex; flex-direction: column; min-height: 0; overflow: auto; }
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
.action input { font: 12px ui-monospace, Menlo, Consolas, monospace; width: 120px; padding: 1px 4px; border: 1px solid #cbd5e1; border-radius: 4px; }
.none { color: #94a3b8; font-style: italic; }
.player .refusal { color: #b91c1c; font-size: 12px; margin: 0 0 4px; }
#log ol { list-style: none; margin: 0; padding: 0; font: 12px ui-monospace, Menlo, Consolas, monospace; position: relative; max-height: 40vh; overflow: auto; }
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
/* A narrow window (the React debug panel docked beside an app): the header wraps, the side panels go under the chart. */
@media (max-width: 720px) {
  header { flex-wrap: wrap; row-gap: 4px; }
  main { flex-direction: column; }
  #chart { flex: 3 1 0; min-height: 0; border-right: none; border-bottom: 1px solid #e2e8f0; }
  aside { flex: 2 1 0; width: auto; }
}
`;

/** The page inside turnchart/react's debug panel: its script inline, its stream from the embedding window (no server, no trace file). */
export interface EmbeddedPage {
  script: string;
  /** `fit` draws the chart's text at least this large (px); the chart pane scrolls when it does not fit so. */
  minTextPx?: number;
}

export function pageHtml(gameName: string, embedded?: EmbeddedPage): string {
  const minText = embedded?.minTextPx ? ` data-min-text="${embedded.minTextPx}"` : '';
  const body = embedded
    ? `<body data-channel="parent"${minText}>\n<style>#save-trace { display: none; }</style>`
    : '<body>';
  const script = embedded
    ? `<script>${embedded.script.replace(/<\/(script)/gi, '<\\/$1')}</script>`
    : '<script src="/page.js"></script>';
  const title = `turnchart inspector — ${escapeHtml(gameName)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>${CSS}</style>
</head>
${body}
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
<div id="banner" role="alert" hidden><span class="text"></span><button type="button" title="dismiss">✕</button></div>
<main>
  <section id="chart" aria-label="statechart">
    <div id="tools">
      <div id="turns"><button type="button" data-turns="open" title="draw every turn open">▾ all</button><button type="button" data-turns="close" title="draw every turn closed">▸ all</button></div>
      <div id="zoom"><button type="button" data-zoom="out" title="zoom out">−</button><button type="button" data-zoom="fit" title="fit to width">fit</button><button type="button" data-zoom="in" title="zoom in">+</button></div>
      <details id="legend"><summary>legend</summary><ul><li>amber, bold border: the state a seat is in now (the seats named above it); faint amber: the states around it</li><li>amber arrow: what the last request did, with the event that took it</li><li>red: where the last request was refused</li><li>numbers: the order a request's steps were taken in</li><li>a state this match has been in is never grey</li><li>▸ turn: drawn closed, its states listed; ▾ turn: open. Click one to open or close it; the turns the match is in open as it plays them</li></ul><ul id="legend-lines"></ul></details>
    </div>
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
    <section id="time" hidden><h2>Time</h2><div id="time-list"></div><button id="expire" type="button" title="QA: the next deadline comes now, and its timeout applies">expire now</button></section>
    <section id="log"><h2>Log</h2><ol></ol></section>
    <section id="state"><h2>G and ctx</h2><pre></pre></section>
  </aside>
</main>
${script}
</body>
</html>
`;
}
