/**
 * The badge on a taken transition: the event that took it (and the seats,
 * and where it led) written on the line of the chart that states the rule
 * taken, as wide as that line so it hides it whole; where that would cover
 * anything else, beside it or at the nearest free spot, the line itself
 * marked (`.taken-line`).
 */
import type { Rect } from '../../diagram/chart-geometry';
import { badge, badgeSize, type OverlayLayer } from './badges';
import type { TakenEdge } from './taken-edges';

const PAD = 4;

function union(rects: readonly Rect[]): Rect {
  const x = Math.min(...rects.map((rect) => rect.x));
  const y = Math.min(...rects.map((rect) => rect.y));
  const right = Math.max(...rects.map((rect) => rect.x + rect.width));
  const bottom = Math.max(...rects.map((rect) => rect.y + rect.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** The lines of a transition's label that state `rule` (undefined: the events without a rule); all of them when none says. */
function ruleSpans(label: Element, rule: string | undefined): Element[] {
  const spans = Array.from(label.querySelectorAll('tspan'));
  const stating = spans.filter((span) => span.getAttribute('data-rule') === (rule ?? null));
  return stating.length ? stating : spans.length ? spans : [label];
}

/** One badge saying `text`, for the label lines `spans`. */
function markLines(layer: OverlayLayer, spans: readonly Element[], text: string): void {
  for (const span of spans) span.classList.add('taken-line');
  const marked = layer.lines.filter((line) => spans.includes(line.element)).map((line) => line.rect);
  if (marked.length === 0) return;
  const lines = union(marked);
  const size = badgeSize(layer, text);
  const over = {
    x: lines.x - PAD,
    y: lines.y,
    width: Math.max(size.width, lines.width + 2 * PAD),
    height: lines.height,
  };
  const beside = { x: lines.x + lines.width + PAD, y: lines.y, ...size };
  badge(layer, 'taken-label', text, [over, beside], { mayCover: marked });
}

/** The badges of the taken transitions drawn as `edge` (an arrow, or a transition written in a box). */
export function takenBadges(
  layer: OverlayLayer,
  edge: SVGGElement,
  hits: readonly TakenEdge[],
  numbered: boolean,
): void {
  const label = edge.querySelector('text.label');
  if (!label) return;
  // A request that took several steps: each badge says which step it was.
  const step = (hit: TakenEdge) => (numbered ? `${hit.order}. ` : '');
  if (edge.dataset.targets) {
    // It may lead to several states (a call arrow, a note): one badge for each rule taken, naming where it led.
    for (const said of new Set(hits.map((hit) => hit.said))) {
      const same = hits.filter((hit) => hit.said === said);
      markLines(
        layer,
        ruleSpans(label, undefined),
        `${step(same[0])}${said} → ${same.map((hit) => hit.to).join(', ')}`,
      );
    }
    return;
  }
  for (const hit of hits) markLines(layer, ruleSpans(label, hit.rule), `${step(hit)}${hit.label}`);
}
