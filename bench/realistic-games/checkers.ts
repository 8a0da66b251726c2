import { checkers, legalSteps, type CheckersState } from '../games/checkers';
import { event, int, move, otherOf, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Checkers: about half legal moves, the rest clicks on the wrong cells, endTurn before moving, moves out of turn. */
function chooseCheckers({ G, ctx }: { G: CheckersState; ctx: any }, rand: Rand): Action {
  const player = ctx.currentPlayer;
  const r = rand();
  if (r < 0.55) {
    const step = pick(rand, legalSteps(G, player));
    if (step) return move('movePiece', player, step.from, step.to);
  }
  if (r < 0.75) return move('movePiece', player, int(rand, 64), int(rand, 64));
  if (r < 0.85) return event('endTurn', player);
  const step = pick(rand, legalSteps({ ...G, jumping: null }, otherOf(player)));
  return step
    ? move('movePiece', otherOf(player), step.from, step.to)
    : move('movePiece', otherOf(player), int(rand, 64), int(rand, 64));
}

export const checkersWorkload: RealisticGame = {
  name: 'checkers',
  label: 'checkers: 8×8 pieces, captures',
  numPlayers: 2,
  api: '0.50',
  make: checkers,
  choose: chooseCheckers as RealisticGame['choose'],
  maxActions: 600,
};
