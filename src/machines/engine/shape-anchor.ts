/**
 * V8 keeps the hidden classes ("maps") of class instances alive only while
 * some object or a literal's template uses them: a map reached only through
 * the transitions from its class's initial map is held weakly. Instances made
 * and dropped within one action (a run, its event queue, its random source)
 * are all dead at a full garbage collection, their maps die with them, and
 * every optimized function that relied on those maps is thrown away
 * ("weak objects" in --trace-deopt). Rebuilding the maps and optimizing again
 * took thousands of actions: after each full collection the discard playout
 * ran at a fifth of its speed for a while. Keeping the last instance of each
 * such class keeps its maps, and the optimized code, alive.
 */
export interface ShapeAnchor {
  last: object | undefined;
}

export const shapeAnchor = (): ShapeAnchor => ({ last: undefined });
