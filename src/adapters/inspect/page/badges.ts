/**
 * Labels the page draws over the chart (the seats in a state, the event a
 * transition took, a refusal): rounded boxes with a line of text. A seat
 * badge goes beside its state where it covers no text and stays in the
 * state's region: right, left, below, above, in that order.
 */
const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 17;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function svgElement(tag: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function badgeWidth(text: string): number {
  return text.length * 7.2 + 10;
}

/** A label over the chart: a rounded box with a line of text on baseline y, starting (or, `end`, ending) at x. */
export function badge(svg: SVGSVGElement, cls: string, at: number, y: number, text: string, anchor: 'start' | 'end' = 'start'): void {
  const width = badgeWidth(text);
  const x = anchor === 'end' ? at - width : at;
  const group = svgElement('g', { class: `overlay ${cls}` });
  group.append(svgElement('rect', { x, y: y - 13, width, height: HEIGHT, rx: 4 }), svgElement('text', { x: x + 5, y }, text));
  svg.append(group);
}

/** A state's drawn box. */
export function outerBox(group: SVGGElement): Rect {
  const rect = group.querySelector(':scope > rect.outer')!;
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(rect.getAttribute(name)));
  return { x, y, width, height };
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Rect, outer: Rect) => inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/** What a badge should not cover: the chart's text and its leaf states' boxes. */
function obstacles(svg: SVGSVGElement): Rect[] {
  const texts = Array.from(svg.querySelectorAll<SVGGraphicsElement>('g.state > text, g.transition > text')).map((text) => text.getBBox());
  const leaves = Array.from(svg.querySelectorAll<SVGGElement>('g.state-atomic, g.state-final')).map(outerBox);
  return [...texts, ...leaves];
}

/** The seats badge of a state: beside it where it covers nothing and stays in its region, else right of it. */
export function seatBadge(svg: SVGSVGElement, state: SVGGElement, states: Iterable<SVGGElement>, text: string): void {
  const box = outerBox(state);
  const width = badgeWidth(text);
  const middle = box.y + box.height / 2 - HEIGHT / 2;
  const spots: Rect[] = [
    { x: box.x + box.width + 4, y: middle, width, height: HEIGHT },
    { x: box.x - 4 - width, y: middle, width, height: HEIGHT },
    { x: box.x, y: box.y + box.height + 2, width, height: HEIGHT },
    { x: box.x, y: box.y - 2 - HEIGHT, width, height: HEIGHT },
  ];
  const region = [...states]
    .map(outerBox)
    .filter((around) => around !== box && inside(box, around) && (around.width > box.width || around.height > box.height))
    .sort((a, b) => a.width * a.height - b.width * b.height)[0];
  const blocked = obstacles(svg).filter((rect) => !(rect.x === box.x && rect.y === box.y && rect.width === box.width && rect.height === box.height) && !inside(rect, box));
  const spot = spots.find((rect) => (!region || inside(rect, region)) && !blocked.some((other) => overlaps(rect, other))) ?? spots[0];
  badge(svg, 'seats', spot.x, spot.y + 13, text);
}
