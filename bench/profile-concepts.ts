/**
 * A client's time per action by what it is spent on (docs/performance.md,
 * "Where turnchart's time goes"): each sample of a profile of the realistic
 * games goes to one concept, by its source file and by the functions that
 * called it. What runs under the game's functions (a move, a hook, an
 * `endIf`, `playerView`, the subscriber) is the game's, except reading and
 * writing G through the drafts there, which is shown apart; what runs under
 * `updatePlayerID`, a notification of the subscribers, or a new client is
 * theirs, whatever file it is in.
 */
import type { Locate, ProfileNode } from './profile-files';

export const CONCEPTS = [
  "game's code",
  'drafts in game code',
  'drafts: finish',
  'ctx copies',
  'call tape',
  'flow',
  'chart follower',
  'updatePlayerID',
  'notifications',
  'logging',
  'reducer, undo',
  'legacy layer',
  'new client',
  'garbage collection',
  'other',
] as const;

export type Concept = (typeof CONCEPTS)[number];

/** What a profile node's time is spent on, knowing the functions above it. */
function conceptOf(
  file: string,
  fn: string,
  above: { game: boolean; update: boolean; notify: boolean; client: boolean },
) {
  if (file === '(garbage collector)') return 'garbage collection';
  if (file.startsWith('bench/games/') || fn === 'render') return "game's code";
  if (
    /engine\/(drafts|plain-drafts|plain-finish|plain-state|plain-tree|unusual-objects)\.ts|node_modules\/mutative/.test(
      file,
    )
  )
    return above.game ? 'drafts in game code' : 'drafts: finish';
  if (above.game) return "game's code";
  if (above.client) return 'new client';
  if (above.update || fn === 'updatePlayerID') return 'updatePlayerID';
  if (above.notify || fn === 'notify') return 'notifications';
  if (file.endsWith('engine/ctx-copy.ts')) return 'ctx copies';
  if (/boardgameio\/(call-tape|active-tape|tape-entries|tape-recorders|taped-game)\.ts/.test(file)) return 'call tape';
  if (/boardgameio\/chart-(follower|actor)\.ts|node_modules\/xstate/.test(file)) return 'chart follower';
  if (/boardgameio\/(deltalog|client-log|action-errors)\.ts/.test(file)) return 'logging';
  if (file.startsWith('src/adapters/legacy/')) return 'legacy layer';
  if (file.startsWith('src/machines/')) return 'flow';
  if (file.startsWith('src/adapters/boardgameio/')) return 'reducer, undo';
  return 'other';
}

/** Self time shares by concept, in the order of CONCEPTS. */
export function conceptShares(nodes: ProfileNode[], locate: Locate): [Concept, number][] {
  const parent = new Map<number, ProfileNode>();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node);
  const sums = new Map<Concept, number>(CONCEPTS.map((concept) => [concept, 0]));
  let total = 0;
  for (const node of nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    total += hits;
    const above = { game: false, update: false, notify: false, client: false };
    for (let up = parent.get(node.id); up !== undefined; up = parent.get(up.id)) {
      const fn = up.callFrame.functionName;
      if (fn === 'render' || locate(up).file.startsWith('bench/games/')) above.game = true;
      else if (fn === 'updatePlayerID') above.update = true;
      else if (fn === 'notify') above.notify = true;
      else if (fn === 'TurnchartClient') above.client = true;
    }
    const concept = conceptOf(locate(node).file, node.callFrame.functionName, above);
    sums.set(concept, sums.get(concept)! + hits);
  }
  return CONCEPTS.map((concept) => [concept, sums.get(concept)! / total]);
}
