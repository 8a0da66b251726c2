/**
 * The SVG drawing's legend (its lines, in as many columns as the chart's
 * width holds, below the chart) and where an edge label's lines line up
 * against their arrow.
 */
import type { ChartGraph } from './chart-graph-types';
import { textWidth, type Box, type Metrics } from './svg-boxes';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function legendLines(graph: ChartGraph, boxes: Box[]): string[] {
  const lines = [...graph.legend];
  if (boxes.some((box) => box.lines.some((line) => line.text.startsWith('↻'))))
    lines.splice(1, 0, '↻ in a box: back into that state (turn ends, phase restarts)');
  if (boxes.some((box) => box.node.initial)) lines.push('● where a box starts');
  return lines;
}

/** The legend's box: its lines in as many columns as the chart's width holds (a long legend would make a tall chart taller). */
export function legendBlock(
  lines: readonly string[],
  chartWidth: number,
  metrics: Metrics,
): { width: number; height: number; rows: number; column: number } {
  const column = Math.max(...lines.map((line) => textWidth(line, metrics)), textWidth('legend', metrics));
  const fits = Math.max(1, Math.floor((chartWidth - 24) / (column + 2 * metrics.padX)));
  const columns = lines.length > 4 ? Math.min(fits, 3) : 1;
  const rows = Math.ceil(lines.length / columns);
  const used = Math.ceil(lines.length / rows);
  return {
    width: used * (column + 2 * metrics.padX),
    height: metrics.lineHeight * (rows + 1) + 2 * metrics.padY,
    rows,
    column,
  };
}

/**
 * How a label's lines line up against its arrow: `end` (right-aligned) when
 * a vertical piece of the arrow runs beside the label on its right, `start`
 * when on its left, `middle` when a horizontal piece runs over or under it.
 */
export function labelAnchor(
  box: { x: number; y: number; width: number; height: number },
  points: readonly { x: number; y: number }[],
): 'start' | 'middle' | 'end' {
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    const alongside = Math.min(a.y, b.y) < box.y + box.height && Math.max(a.y, b.y) > box.y;
    if (Math.abs(a.x - b.x) < 0.5 && alongside) return a.x >= box.x + box.width / 2 ? 'end' : 'start';
  }
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    const across = Math.min(a.x, b.x) < box.x + box.width && Math.max(a.x, b.x) > box.x;
    if (Math.abs(a.y - b.y) < 0.5 && across) return 'middle';
  }
  return 'start';
}

/** The legend below a chart `width` × `height`: its elements, and the picture's size with it. */
export function drawLegend(
  legend: readonly string[],
  width: number,
  height: number,
  metrics: Metrics,
): { elements: string[]; width: number; height: number } {
  const { padX, padY, fontSize, lineHeight } = metrics;
  const block = legendBlock(legend, width, metrics);
  const x = 12;
  const y = height;
  const elements = ['<g class="legend">'];
  elements.push(
    `<rect x="${x}" y="${y}" width="${Math.round(block.width * 10) / 10}" height="${block.height}" rx="6"/>`,
  );
  elements.push(`<text class="title" x="${x + padX}" y="${y + padY + fontSize}">legend</text>`);
  legend.forEach((line, index) => {
    const column = Math.floor(index / block.rows);
    const row = (index % block.rows) + 1;
    const left = Math.round((x + padX + column * (block.column + 2 * padX)) * 10) / 10;
    elements.push(
      `<text x="${left}" y="${y + padY + fontSize + lineHeight * row}" xml:space="preserve">${escapeXml(line)}</text>`,
    );
  });
  elements.push('</g>');
  return { elements, width: Math.ceil(x + block.width + 12), height: y + block.height + 12 };
}
