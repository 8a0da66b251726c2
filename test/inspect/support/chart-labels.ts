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
    const leaves = Array.from(svg.querySelectorAll('g.state-atomic, g.state-final, g.state.collapsed')).map(
      (group) => ({
        id: group.getAttribute('data-id') ?? '',
        rect: rectOf(group.querySelector(':scope > rect.outer')!),
      }),
    );
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

/** What a chart (an export, or the page's) shows, measured in Chromium: see chartReport. */
export interface ChartReport {
  width: number;
  height: number;
  /** The smallest text as drawn on screen, in CSS px (font size times the drawing's scale). */
  smallestText: number;
  /** Lines of text cut by the picture's edge, or out of the box of the state that writes them. */
  clipped: string[];
  /** Edge labels farther than LABEL_SLACK px from their arrow's bounding box. */
  farLabels: string[];
  /** Every arrow: `source -> target` (`-->` dashed) by state names, with its label's lines. */
  arrows: string[];
}

/** How far (px) a label may sit from its arrow's bounding box (a vertical arrow's box has no width): under half a line. */
export const LABEL_SLACK = 6;

export async function chartReport(page: Page | Frame, selector = '#chart svg'): Promise<ChartReport> {
  return page.$eval(
    selector,
    (svg, slack) => {
      const root = svg as SVGSVGElement;
      const width = Number(root.getAttribute('width'));
      const height = Number(root.getAttribute('height'));
      const scale = root.getBoundingClientRect().width / width;
      const rectOf = (element: Element) => {
        const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((name) => Number(element.getAttribute(name)));
        return { x, y, width: w, height: h };
      };
      const spanRect = (span: SVGTextContentElement) => {
        const content = span.textContent ?? '';
        const first = content.length - content.trimStart().length;
        const last = content.trimEnd().length - 1;
        if (last < first) return undefined;
        const start = span.getExtentOfChar(first);
        const end = span.getExtentOfChar(last);
        return { x: start.x, y: start.y, width: end.x + end.width - start.x, height: start.height };
      };
      const spans = (text: Element) => {
        const inner = Array.from(text.querySelectorAll('tspan'));
        return (inner.length ? inner : [text]) as SVGTextContentElement[];
      };
      const within = (
        inner: { x: number; y: number; width: number; height: number },
        outer: { x: number; y: number; width: number; height: number },
      ) =>
        inner.x >= outer.x - 0.5 &&
        inner.y >= outer.y - 0.5 &&
        inner.x + inner.width <= outer.x + outer.width + 0.5 &&
        inner.y + inner.height <= outer.y + outer.height + 0.5;
      const texts = Array.from(root.querySelectorAll('text')).filter((text) => !text.closest('.overlay, title'));
      const smallestText = Math.min(...texts.map((text) => parseFloat(getComputedStyle(text).fontSize) * scale));
      const clipped: string[] = [];
      const picture = { x: 0, y: 0, width, height };
      for (const text of texts)
        for (const span of spans(text)) {
          const rect = spanRect(span);
          if (rect && !within(rect, picture))
            clipped.push(`"${span.textContent?.trim()}" is cut by the picture's edge`);
        }
      for (const state of Array.from(root.querySelectorAll('g.state'))) {
        const box = rectOf(state.querySelector(':scope > rect.outer')!);
        for (const text of Array.from(state.querySelectorAll(':scope > text')))
          for (const span of spans(text)) {
            const rect = spanRect(span);
            if (rect && !within(rect, box))
              clipped.push(`"${span.textContent?.trim()}" leaves its state ${state.getAttribute('data-key')}`);
          }
      }
      const keyOf = (id: string | null) =>
        root.querySelector(`g.state[data-id="${CSS.escape(id ?? '')}"]`)?.getAttribute('data-key') ?? id;
      const farLabels: string[] = [];
      const arrows: string[] = [];
      for (const edge of Array.from(root.querySelectorAll('g.transition'))) {
        const paths = Array.from(edge.querySelectorAll(':scope > path'));
        const label = edge.querySelector('text.label');
        const lines = label ? spans(label).map((span) => span.textContent?.trim() ?? '') : [];
        if (!paths.length) continue;
        const dashed = edge.classList.contains('transition-argument');
        arrows.push(
          `${keyOf(edge.getAttribute('data-source'))} -${dashed ? '-' : ''}> ${keyOf(edge.getAttribute('data-target'))}: ${lines.join(' / ')}`,
        );
        if (!label) continue;
        const points = paths.flatMap((path) =>
          Array.from((path.getAttribute('d') ?? '').matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)).map((m) => ({
            x: Number(m[1]),
            y: Number(m[2]),
          })),
        );
        const box = {
          x: Math.min(...points.map((p) => p.x)),
          y: Math.min(...points.map((p) => p.y)),
          right: Math.max(...points.map((p) => p.x)),
          bottom: Math.max(...points.map((p) => p.y)),
        };
        // The label as a block (its lines together) must reach the arrow's box.
        const rects = spans(label).flatMap((span) => spanRect(span) ?? []);
        if (!rects.length) continue;
        const block = {
          x: Math.min(...rects.map((r) => r.x)),
          y: Math.min(...rects.map((r) => r.y)),
          right: Math.max(...rects.map((r) => r.x + r.width)),
          bottom: Math.max(...rects.map((r) => r.y + r.height)),
        };
        const dx = Math.max(box.x - block.right, block.x - box.right, 0);
        const dy = Math.max(box.y - block.bottom, block.y - box.bottom, 0);
        if (Math.hypot(dx, dy) > slack)
          farLabels.push(
            `"${lines.join(' / ')}" is ${Math.round(Math.hypot(dx, dy))} px from its arrow ${keyOf(edge.getAttribute('data-source'))} -> ${keyOf(edge.getAttribute('data-target'))}`,
          );
      }
      return { width, height, smallestText, clipped, farLabels, arrows };
    },
    LABEL_SLACK,
  );
}
