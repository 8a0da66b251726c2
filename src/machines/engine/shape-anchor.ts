/**
 * V8 keeps the hidden class ("map") an object reaches by the fields its
 * constructor adds only while some object has it. The engine's per-action
 * instances (a flow run, its event queue and random source; the boardgame.io
 * adapter's call tape and deltalog builder) are all garbage by the next full
 * collection, their maps die with them, and every optimized function that
 * relied on those maps is thrown away ("weak objects" in --trace-deopt):
 * realistic games then ran at half speed or less until optimized again
 * (docs/performance.md, "Shape anchors"). Keeping the last instance of each
 * such class keeps its maps, and the optimized code, alive. This module is
 * the one place that knows it; each anchored class stores into its own.
 */
export interface ShapeAnchor {
  last: object | undefined;
}

export const shapeAnchor = (): ShapeAnchor => ({ last: undefined });
