/**
 * Labels the page draws over the chart (the seats in a state, the event a
 * transition took, a refusal): rounded boxes with a line of text, each where
 * it covers no text, leaf state or other badge and no arrow crosses it
 * (overlay-spots.ts). A seat badge goes beside its state, in the state's
 * region where it can: right, left, below, above, in that order. A chart
 * with no room left grows at the bottom for the badge.
 */
import {
  arrowSegments,
  ASCENT,
  CHAR_WIDTH,
  DESCENT,
  fontSizeOf,
  textLines,
  type Rect,
  type TextLine,
} from '../../diagram/chart-geometry';
import { placeBadge, type Obstacles } from './overlay-spots';

const SVG = 'http://www.w3.org/2000/svg';
const PAD = 4;

export function svgElement(tag: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The chart as the badges see it: its lines of text, what they keep clear of, and its drawing area. */
export interface OverlayLayer {
  svg: SVGSVGElement;
  fontSize: number;
  lines: TextLine[];
  obstacles: Obstacles;
  area: Rect;
}

/** A state's drawn box. */
export function outerBox(group: Element): Rect {
  const rect = group.querySelector(':scope > rect.outer')!;
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(rect.getAttribute(name)));
  return { x, y, width, height };
}

/** The chart's size without the room badges added to it last time. */
function naturalSize(svg: SVGSVGElement): { width: number; height: number } {
  svg.dataset.height ??= svg.getAttribute('height') ?? '0';
  const size = { width: Number(svg.getAttribute('width')), height: Number(svg.dataset.height) };
  svg.setAttribute('height', String(size.height));
  svg.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
  return size;
}

/** A fresh layer over a chart with no badges on it. */
export function overlayLayer(svg: SVGSVGElement): OverlayLayer {
  const { width, height } = naturalSize(svg);
  const lines = textLines(svg);
  const leaves = Array.from(svg.querySelectorAll('g.state-atomic, g.state-final, g.state.collapsed')).map(outerBox);
  return {
    svg,
    fontSize: fontSizeOf(svg),
    lines,
    obstacles: { rects: [...lines.map((line) => line.rect), ...leaves], segments: arrowSegments(svg) },
    area: { x: 2, y: 2, width: width - 4, height: height - 4 },
  };
}

/** The size of a badge with this text, at least `least` wide. */
export function badgeSize(layer: OverlayLayer, text: string, least = 0): { width: number; height: number } {
  const width = Math.max(text.length * CHAR_WIDTH * layer.fontSize + 2 * PAD, least);
  return { width, height: (ASCENT + DESCENT) * layer.fontSize };
}

function draw(layer: OverlayLayer, cls: string, spot: Rect, text: string): void {
  const group = svgElement('g', { class: `overlay ${cls}` });
  group.append(
    svgElement('rect', { ...spot, rx: 4 }),
    svgElement('text', { x: spot.x + PAD, y: spot.y + ASCENT * layer.fontSize }, text),
  );
  layer.svg.append(group);
  layer.obstacles.rects.push(spot);
}

/** Room at the chart's bottom, for a badge no spot on it could take. */
function grow(layer: OverlayLayer, size: { width: number; height: number }): Rect {
  const bottom = Number(layer.svg.getAttribute('height'));
  const height = bottom + size.height + 6;
  const width = Math.max(Number(layer.svg.getAttribute('width')), Math.ceil(size.width + 4));
  layer.svg.setAttribute('height', String(height));
  layer.svg.setAttribute('width', String(width));
  layer.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  layer.area = { ...layer.area, width: width - 4, height: height - 4 };
  return { x: 2, y: bottom + 2, ...size };
}

/**
 * A badge at the first free spot of `preferred` (all of one size; each may
 * cover `mayCover`), else the free one nearest to the first, in each of
 * `areas` (the whole chart when none is given), else below the chart.
 */
export function badge(
  layer: OverlayLayer,
  cls: string,
  text: string,
  preferred: Rect[],
  options: { areas?: Rect[]; mayCover?: Rect[] } = {},
): Rect {
  const areas = [...(options.areas ?? []), layer.area];
  const spot = placeBadge(preferred, layer.obstacles, areas, options.mayCover) ?? grow(layer, preferred[0]);
  draw(layer, cls, spot, text);
  return spot;
}

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** A badge beside a state, in its region where it can: `order` says which sides to try first. */
function besideBadge(
  layer: OverlayLayer,
  cls: string,
  state: Element,
  states: Iterable<Element>,
  text: string,
  order: readonly ('right' | 'left' | 'below' | 'above')[],
): void {
  const box = outerBox(state);
  const size = badgeSize(layer, text);
  const middle = box.y + box.height / 2 - size.height / 2;
  const sides = {
    right: { x: box.x + box.width + 4, y: middle, ...size },
    left: { x: box.x - 4 - size.width, y: middle, ...size },
    below: { x: box.x, y: box.y + box.height + 2, ...size },
    above: { x: box.x, y: box.y - 2 - size.height, ...size },
  };
  const spots: Rect[] = order.map((side) => sides[side]);
  const region = [...states]
    .map(outerBox)
    .filter(
      (around) => around !== box && inside(box, around) && (around.width > box.width || around.height > box.height),
    )
    .sort((a, b) => a.width * a.height - b.width * b.height)[0];
  badge(layer, cls, text, spots, { areas: region ? [region] : [] });
}

/** The seats badge of a state: beside it, in its region where it can. */
export function seatBadge(layer: OverlayLayer, state: Element, states: Iterable<Element>, text: string): void {
  besideBadge(layer, 'seats', state, states, text, ['right', 'left', 'below', 'above']);
}

/** A refusal's badge, on the refused seat's state: below it first (its seats badge is beside it). */
export function refusalBadge(layer: OverlayLayer, state: Element, states: Iterable<Element>, text: string): void {
  besideBadge(layer, 'refusal', state, states, text, ['below', 'above', 'right', 'left']);
}
