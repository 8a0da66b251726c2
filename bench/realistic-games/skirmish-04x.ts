import {
  canAttack,
  canDeploy,
  canMarch,
  homeRows,
  neighbours,
  skirmish,
  type SkirmishState,
} from '../games/skirmish-04x';
import { event, int, move, otherOf, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Skirmish (0.4x): deployments, marches and attacks, with wrong squares, endTurn before two moves, moves out of turn, rallies. */
function chooseSkirmish({ G, ctx }: { G: SkirmishState; ctx: any }, rand: Rand): Action {
  const r = rand();
  if (ctx.activePlayers) {
    const [defender] = Object.keys(ctx.activePlayers);
    const own = G.board.flatMap((unit, square) => (unit && unit.owner === defender ? [square] : []));
    return r < 0.8 && own.length > 0
      ? move('rally', defender, pick(rand, own))
      : move('rally', defender, int(rand, 64));
  }
  const player = ctx.currentPlayer;
  if (ctx.phase === 'deploy') {
    const free = homeRows(player)
      .flatMap((row) => Array.from({ length: 8 }, (_, c) => row * 8 + c))
      .filter((square) => canDeploy(G, player, square));
    if (r < 0.6 && free.length > 0) return move('deploy', player, pick(rand, free));
    if (r < 0.8) return move('deploy', player, int(rand, 64));
    if (r < 0.9) return event('endTurn', player);
    return move('deploy', otherOf(player), int(rand, 64));
  }
  if (r < 0.6) {
    const legal: Action[] = [];
    G.board.forEach((unit, from) => {
      if (!unit || unit.owner !== player) return;
      for (const to of neighbours(from)) {
        if (canAttack(G, player, from, to))
          legal.push(move('attack', player, from, to), move('attack', player, from, to));
        else if (canMarch(G, player, from, to)) legal.push(move('march', player, from, to));
      }
    });
    if (legal.length > 0) return pick(rand, legal);
  }
  if (r < 0.8) return move(rand() < 0.5 ? 'march' : 'attack', player, int(rand, 64), int(rand, 64));
  if (r < 0.9) return event('endTurn', player);
  return move('march', otherOf(player), int(rand, 64), int(rand, 64));
}

export const skirmishWorkload: RealisticGame = {
  name: 'skirmish-04x',
  label: '0.4x war game: legacy vs 0.49',
  numPlayers: 2,
  api: '0.4x',
  make: skirmish,
  choose: chooseSkirmish as RealisticGame['choose'],
  maxActions: 600,
};
