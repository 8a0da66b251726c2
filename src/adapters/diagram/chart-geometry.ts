/**
 * Where a drawn chart's text lines and arrows are, read from the SVG's own
 * attributes (positions, monospace text lengths, path points), with no
 * browser: what the page places its badges around, and what the tests check
 * for overlaps. A line's box is the font's: from its ascent above the
 * baseline to its descent below, a character 0.6em wide.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One drawn line of text: its box, its text, and the element that draws it. */
export interface TextLine {
  rect: Rect;
  text: string;
  element: Element;
}

/** Above and below the baseline, and a character's width, in font sizes: Chromium's boxes of DejaVu Sans Mono's glyphs (11, 3 and 7.23 px at 12 px). */
export const ASCENT = 11 / 12;
export const DESCENT = 0.25;
export const CHAR_WIDTH = 0.603;

/** The box of a line of `text` at `fontSize` starting at x on baseline y. */
export function lineRect(x: number, y: number, text: string, fontSize: number): Rect {
  return {
    x,
    y: y - ASCENT * fontSize,
    width: text.length * CHAR_WIDTH * fontSize,
    height: (ASCENT + DESCENT) * fontSize,
  };
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether the segment passes through the inside of the rectangle (touching its edge is not crossing). */
export function crosses(segment: Segment, rect: Rect): boolean {
  const { x1, y1, x2, y2 } = segment;
  // Clip the segment to the rectangle (Liang–Barsky); it crosses when some stretch of it is strictly inside.
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const clips: [number, number][] = [
    [-dx, x1 - rect.x],
    [dx, rect.x + rect.width - x1],
    [-dy, y1 - rect.y],
    [dy, rect.y + rect.height - y1],
  ];
  for (const [p, q] of clips) {
    if (p === 0) {
      if (q <= 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 >= t1) return false;
  }
  return true;
}

/** The chart's font size, from its style sheet (12 px when none is given). */
export function fontSizeOf(svg: Element): number {
  const style = svg.querySelector('style')?.textContent ?? '';
  const size = /text \{[^}]*font-size: (\d+(?:\.\d+)?)px/.exec(style);
  return size ? Number(size[1]) : 12;
}

/** Every line of text the chart draws (a text's tspans each, else the text), skipping `skip` (the page's own overlays). */
export function textLines(svg: Element, skip = '.overlay'): TextLine[] {
  const fontSize = fontSizeOf(svg);
  const lines: TextLine[] = [];
  for (const text of Array.from(svg.querySelectorAll('text'))) {
    if (text.closest(skip) || text.closest('title')) continue;
    const spans = Array.from(text.querySelectorAll('tspan'));
    for (const element of spans.length ? spans : [text]) {
      const content = element.textContent ?? '';
      const x = Number(element.getAttribute('x'));
      const y = Number(element.getAttribute('y'));
      if (content.trim() === '') continue;
      // Leading spaces (an indented line) draw nothing; a line anchored at its end (middle) ends (is centred) at x.
      const indent = content.length - content.trimStart().length;
      const trimmed = content.trim();
      const anchor = (element.closest('text') ?? element).getAttribute('text-anchor');
      const drawn = content.trimEnd().length * CHAR_WIDTH * fontSize;
      const left = anchor === 'end' ? x - drawn : anchor === 'middle' ? x - drawn / 2 : x;
      lines.push({
        rect: lineRect(left + indent * CHAR_WIDTH * fontSize, y, trimmed, fontSize),
        text: trimmed,
        element,
      });
    }
  }
  return lines;
}

/** The straight pieces of every arrow (`M x y L x y ...` paths of transitions and guides). */
export function arrowSegments(svg: Element): Segment[] {
  const segments: Segment[] = [];
  for (const path of Array.from(svg.querySelectorAll('g.transition > path, g.guide > path'))) {
    const points = Array.from((path.getAttribute('d') ?? '').matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)).map(
      (match) => ({ x: Number(match[1]), y: Number(match[2]) }),
    );
    for (let i = 1; i < points.length; i++)
      segments.push({ x1: points[i - 1].x, y1: points[i - 1].y, x2: points[i].x, y2: points[i].y });
  }
  return segments;
}

/** Pairs of lines that overlap, and lines an arrow crosses: what makes a chart hard to read. */
export function collisions(
  lines: readonly TextLine[],
  segments: readonly Segment[],
): { lines: [TextLine, TextLine][]; crossed: [TextLine, Segment][] } {
  const pairs: [TextLine, TextLine][] = [];
  lines.forEach((line, i) => {
    for (const other of lines.slice(i + 1)) if (overlaps(line.rect, other.rect)) pairs.push([line, other]);
  });
  const crossed = lines.flatMap((line) =>
    segments.filter((segment) => crosses(segment, line.rect)).map((segment): [TextLine, Segment] => [line, segment]),
  );
  return { lines: pairs, crossed };
}
