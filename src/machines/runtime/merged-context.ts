/**
 * What xstate's `assign` makes of a context update (`Object.assign({},
 * current, update)`), written out as a literal for the game context's own
 * shapes: Node copies objects that were themselves made by assign on a slow
 * generic path (measured 2026-11-24: about seven times slower per request).
 */
/**
 * The key orders a game context has: G, ctx, random, stateID, then matchID
 * when set, then startSteps once the start is walked. The shape's index is
 * 0 to 3 (bit 1: matchID, bit 2: startSteps), or -1 for any other order.
 * Read with for-in, which allocates nothing.
 */
const LEADING = ['G', 'ctx', 'random', 'stateID'];

function shapeOf(context: object): number {
  let position = 0;
  let shape = 0;
  for (const key in context) {
    if (position < LEADING.length) {
      if (key !== LEADING[position++]) return -1;
    } else if (key === 'matchID' && shape === 0) shape = 1;
    else if (key === 'startSteps' && shape < 2) shape += 2;
    else return -1;
  }
  return position === LEADING.length ? shape : -1;
}

function keysWithin(update: object, current: object): boolean {
  for (const key in update) if (!(key in current)) return false;
  return true;
}

/** The merged context: a literal for a game context updated on its own keys, else Object.assign. */
export function mergedContext(current: any, update: any): any {
  const shape = shapeOf(current);
  if (shape < 0 || (update !== current && !keysWithin(update, current))) return Object.assign({}, current, update);
  // A context merged with itself (a step's assign) is read from one object: fewer shapes at the `in` below.
  const v =
    update === current ? (key: string) => current[key] : (key: string) => (key in update ? update[key] : current[key]);
  switch (shape) {
    case 0:
      return { G: v('G'), ctx: v('ctx'), random: v('random'), stateID: v('stateID') };
    case 1:
      return { G: v('G'), ctx: v('ctx'), random: v('random'), stateID: v('stateID'), matchID: v('matchID') };
    case 2:
      return { G: v('G'), ctx: v('ctx'), random: v('random'), stateID: v('stateID'), startSteps: v('startSteps') };
    default:
      return {
        G: v('G'),
        ctx: v('ctx'),
        random: v('random'),
        stateID: v('stateID'),
        matchID: v('matchID'),
        startSteps: v('startSteps'),
      };
  }
}
