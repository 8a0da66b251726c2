/**
 * Where the page's badges go on the chart: a spot that covers no text, no
 * leaf state and no other badge, and that no arrow crosses. A badge tries
 * its preferred spots in order (on the line it marks, beside its state),
 * then takes the free spot nearest to where it belongs; pure, so the tests
 * place badges as the page does.
 */
import { crosses, overlaps, type Rect, type Segment } from '../../diagram/chart-geometry';

/** What a badge must keep clear of; badges placed so far are added to `rects`. */
export interface Obstacles {
  rects: Rect[];
  segments: Segment[];
}

/** Search steps of the nearest free spot: a third of a line across, two pixels down. */
const STEP_X = 4;
const STEP_Y = 2;

const within = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Whether `spot` lies in `area` clear of every obstacle but those in `mayCover` (the lines a badge restates). */
export function isFree(spot: Rect, obstacles: Obstacles, area: Rect, mayCover: readonly Rect[] = []): boolean {
  if (!within(spot, area)) return false;
  if (obstacles.segments.some((segment) => crosses(segment, spot))) return false;
  return obstacles.rects.every((rect) => mayCover.includes(rect) || !overlaps(rect, spot));
}

/** The free spot of `size` in `area` nearest to `near` (its top-left corner), if there is one. */
export function nearestFree(
  size: { width: number; height: number },
  near: { x: number; y: number },
  obstacles: Obstacles,
  area: Rect,
): Rect | undefined {
  const spots: { spot: Rect; distance: number }[] = [];
  for (let y = area.y; y + size.height <= area.y + area.height; y += STEP_Y)
    for (let x = area.x; x + size.width <= area.x + area.width; x += STEP_X)
      spots.push({
        spot: { x, y, width: size.width, height: size.height },
        distance: Math.hypot(x - near.x, y - near.y),
      });
  spots.sort((a, b) => a.distance - b.distance);
  return spots.find(({ spot }) => isFree(spot, obstacles, area))?.spot;
}

/**
 * A badge's spot, in each of `areas` in turn (a state's region, then the
 * whole chart): the first of `preferred` that is free there (each may cover
 * `mayCover`), else the free spot there nearest to the first preferred one.
 * A region is searched whole before the chart, so a badge stays inside the
 * boxes around its state rather than lying across their borders. Undefined
 * when the chart has no room left.
 */
export function placeBadge(
  preferred: readonly Rect[],
  obstacles: Obstacles,
  areas: readonly Rect[],
  mayCover: readonly Rect[] = [],
): Rect | undefined {
  for (const area of areas) {
    const spot =
      preferred.find((rect) => isFree(rect, obstacles, area, mayCover)) ??
      nearestFree(preferred[0], preferred[0], obstacles, area);
    if (spot) return spot;
  }
  return undefined;
}
