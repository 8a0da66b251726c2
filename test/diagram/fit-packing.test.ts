/**
 * Arranging the phases of a chart fitted to a pane (src/adapters/diagram/
 * fit-packing.ts): rows or columns of consecutive phases, the legible
 * arrangement in flow order first, a mason's rows only when nothing in order
 * is legible.
 */
import { arrange, bestArrangement, fitScale, masonry, runsOf } from '../../src/adapters/diagram/fit-packing';

const box = (width: number, height: number) => ({ width, height });
const corners = (arrangement: { positions: { x: number; y: number }[] }) => arrangement.positions.map(({ x, y }) => [x, y]);

describe('fit packing', () => {
  test('runsOf: every cut of n parts, in order, into runs of consecutive parts', () => {
    expect(runsOf(1)).toEqual([[[0]]]);
    expect(runsOf(3)).toEqual([[[0, 1, 2]], [[0], [1, 2]], [[0, 1], [2]], [[0], [1], [2]]]);
    expect(runsOf(8)).toHaveLength(128);
  });

  test('arrange: rows side by side with a gap, each as tall as its tallest part; columns likewise', () => {
    const sizes = [box(100, 50), box(60, 80), box(40, 40)];
    const rows = arrange(sizes, [[0, 1], [2]], true, 10);
    expect([corners(rows), rows.width, rows.height]).toEqual([
      [
        [0, 0],
        [110, 0],
        [0, 90],
      ],
      170,
      130,
    ]);
    const columns = arrange(sizes, [[0, 1], [2]], false, 10);
    expect([corners(columns), columns.width, columns.height]).toEqual([
      [
        [0, 0],
        [0, 60],
        [110, 0],
      ],
      150,
      140,
    ]);
  });

  test('masonry: each part into the shortest row so far', () => {
    const rows = masonry([box(300, 10), box(100, 10), box(100, 10), box(100, 10)], 2, true, 0);
    expect(corners(rows)).toEqual([
      [0, 0],
      [0, 10],
      [100, 10],
      [200, 10],
    ]);
    expect(rows.width).toBe(300);
  });

  test('fitScale: as large as the pane allows in both directions, never enlarged', () => {
    expect(fitScale(box(2000, 500), box(1000, 1000))).toBe(0.5);
    expect(fitScale(box(500, 2000), box(1000, 1000))).toBe(0.5);
    expect(fitScale(box(100, 100), box(1000, 1000))).toBe(1);
  });

  test('bestArrangement: four equal phases in a wide pane go in one row; in a square pane, two rows of two', () => {
    const four = [box(300, 300), box(300, 300), box(300, 300), box(300, 300)];
    const wide = bestArrangement(four, box(1300, 320), box(0, 0), 10);
    expect(wide.positions.map((p) => p.y)).toEqual([0, 0, 0, 0]);
    expect(wide.scale).toBe(1);
    const square = bestArrangement(four, box(620, 620), box(0, 0), 10);
    expect(corners(square)).toEqual([
      [0, 0],
      [310, 0],
      [0, 310],
      [310, 310],
    ]);
    expect(square.order).toBe(0);
  });

  test('bestArrangement: the boxes around the phases count; flow order is kept while the drawing is legible', () => {
    const parts = [box(300, 300), box(550, 470), box(580, 510), box(580, 510), box(300, 280)];
    // In order, the last row (580 + 580 + 300) is too wide to be legible; the fallback phase goes in the first row instead.
    const fit = bestArrangement(parts, box(1055, 834), box(60, 110), 12);
    expect(fit.scale).toBeGreaterThanOrEqual(0.75);
    expect(fit.order).toBe(1);
    expect(fit.positions[4].y).toBe(0);
    expect(fit.positions[2].y).toBeGreaterThan(0);
    // With room to spare, strict flow order wins over a larger drawing out of order.
    expect(bestArrangement(parts, box(3000, 3000), box(0, 0), 12).order).toBe(0);
  });
});
