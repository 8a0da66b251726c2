/**
 * What a designer could not read on the inspector page's chart, measured by
 * Chromium itself: every line of text (each tspan, from its first glyph to
 * its last), the page's badges, the leaf states' boxes and the arrows'
 * straight pieces, then the pairs that overlap. A badge may hide a line it
 * marks (`.taken-line`), whole. Glyph boxes grow by a fraction of a pixel
 * when the pane scales the chart down (Chromium hints the font at its drawn
 * size), so boxes count as overlapping from SLACK px on: less is not seen.
 */
import type { Frame, Page } from 'playwright-core';
import { crosses, overlaps, type Rect, type Segment } from '../../../src/adapters/diagram/chart-geometry';

interface Drawn {
  lines: { text: string; rect: Rect; marked: boolean }[];
  badges: { text: string; rect: Rect }[];
  leaves: { id: string; rect: Rect }[];
  segments: Segment[];
}

async function measure(page: Page | Frame): Promise<Drawn> {
  return page.$eval('#chart svg', (svg) => {
    const rectOf = (element: Element) => {
      const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(element.getAttribute(name)));
      return { x, y, width, height };
    };
    const lines = Array.from(svg.querySelectorAll('text'))
      .filter((text) => !text.closest('.overlay'))
      .flatMap((text) => {
        const spans = Array.from(text.querySelectorAll('tspan'));
        return (spans.length ? spans : [text]) as SVGTextContentElement[];
      })
      .flatMap((span) => {
        const content = span.textContent ?? '';
        const first = content.length - content.trimStart().length;
        const last = content.trimEnd().length - 1;
        if (last < first) return [];
        const start = span.getExtentOfChar(first);
        const end = span.getExtentOfChar(last);
        const rect = { x: start.x, y: start.y, width: end.x + end.width - start.x, height: start.height };
        return [{ text: content.trim(), rect, marked: span.classList.contains('taken-line') }];
      });
    const badges = Array.from(svg.querySelectorAll('.overlay')).map((group) => ({
      text: group.textContent ?? '',
      rect: rectOf(group.querySelector('rect')!),
    }));
    const leaves = Array.from(svg.querySelectorAll('g.state-atomic, g.state-final')).map((group) => ({
      id: group.getAttribute('data-id') ?? '',
      rect: rectOf(group.querySelector(':scope > rect.outer')!),
    }));
    const segments = Array.from(svg.querySelectorAll('g.transition > path, g.guide > path')).flatMap((path) => {
      const points = Array.from((path.getAttribute('d') ?? '').matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)).map(
        (match) => ({ x: Number(match[1]), y: Number(match[2]) }),
      );
      return points.slice(1).map((point, i) => ({ x1: points[i].x, y1: points[i].y, x2: point.x, y2: point.y }));
    });
    return { lines, badges, leaves, segments };
  });
}

const SLACK = 1;
/** The box less SLACK / 2 on each side. */
const core = (rect: Rect): Rect => ({
  x: rect.x + SLACK / 2,
  y: rect.y + SLACK / 2,
  width: rect.width - SLACK,
  height: rect.height - SLACK,
});
const hides = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x - SLACK &&
  inner.y >= outer.y - SLACK &&
  inner.x + inner.width <= outer.x + outer.width + SLACK &&
  inner.y + inner.height <= outer.y + outer.height + SLACK;

/** Every overlap on the chart as drawn now, one readable line each (none: the chart reads); `page` may be the React panel's frame. */
export async function chartCollisions(page: Page | Frame): Promise<string[]> {
  const drawn = await measure(page);
  const lines = drawn.lines.map((line) => ({ ...line, rect: core(line.rect) }));
  const badges = drawn.badges.map((badge) => ({ ...badge, rect: core(badge.rect) }));
  const leaves = drawn.leaves.map((leaf) => ({ ...leaf, rect: core(leaf.rect) }));
  const { segments } = drawn;
  const found: string[] = [];
  const at = (segment: Segment) => `(${segment.x1},${segment.y1})-(${segment.x2},${segment.y2})`;
  lines.forEach((line, i) => {
    for (const other of lines.slice(i + 1))
      if (overlaps(line.rect, other.rect)) found.push(`text "${line.text}" overlaps text "${other.text}"`);
    for (const segment of segments)
      if (crosses(segment, line.rect)) found.push(`arrow ${at(segment)} crosses text "${line.text}"`);
  });
  badges.forEach((badge, i) => {
    for (const line of lines)
      if (overlaps(badge.rect, line.rect) && !(line.marked && hides(badge.rect, line.rect)))
        found.push(`badge "${badge.text}" overlaps text "${line.text}"`);
    for (const other of badges.slice(i + 1))
      if (overlaps(badge.rect, other.rect)) found.push(`badge "${badge.text}" overlaps badge "${other.text}"`);
    for (const leaf of leaves)
      if (overlaps(badge.rect, leaf.rect)) found.push(`badge "${badge.text}" overlaps state ${leaf.id}`);
    for (const segment of segments)
      if (crosses(segment, badge.rect)) found.push(`arrow ${at(segment)} crosses badge "${badge.text}"`);
  });
  return found;
}

/** How many badges the page shows on taken transitions. */
export async function takenBadgeCount(page: Page): Promise<number> {
  return page.$$eval('#chart .taken-label', (badges) => badges.length);
}
