/**
 * What a timeout does: the outcome of the limit whose deadline passed, run
 * by the flow as boardgame.io's operations (`endTurn`, `endStage`,
 * `endPhase`, `endGame`, each forced past `minMoves`), or the game's
 * `onTimeout` hook on a draft of G for the seat whose time ran out (it may
 * play a default move and call events), followed by the `endIf` checks as
 * after a move. The first step is named after the outcome (`endTurn`, …),
 * so the chart takes it on that event's edges; a hook's is `timeout`.
 */
import { phaseOf, type CompiledGame } from './config';
import type { FlowHost } from './flow-steps';
import type { CompiledLimit } from './time-config';
import type { Deadline, TimedOut } from './time-types';
import type { Ctx, PlayerID } from './types';

/** The limit a deadline of `ctx` belongs to (undefined when the config no longer declares it). */
export function limitOf(game: CompiledGame, ctx: Ctx, deadline: Deadline): CompiledLimit | undefined {
  const phase = phaseOf(game, ctx.phase);
  switch (deadline.limit) {
    case 'phase':
      return phase.time;
    case 'turn':
      return phase.turn.time;
    case 'clock':
      return game.clock;
    case 'stage': {
      const stage = deadline.seat === undefined ? undefined : ctx.activePlayers?.[deadline.seat];
      return typeof stage === 'string' ? phase.turn.stageTimes?.[stage] : undefined;
    }
  }
}

/** Applies `limit`'s outcome for `seat` (the seat whose time ran out; the current player for a phase). */
export function applyTimeout(run: FlowHost, limit: CompiledLimit, deadline: Deadline, seat: PlayerID): void {
  const { turn, phase } = run.state.ctx;
  const outcome = limit.onTimeout;
  if (typeof outcome === 'function') {
    const hook = (context: object) => outcome({ ...(context as Parameters<typeof outcome>[0]), timeout: deadline });
    run.hook(hook, 'ON_TIMEOUT', `${limit.where}.onTimeout`, seat);
    run.process([{ fn: 'OnMove', label: 'timeout', playerID: seat }]);
    return;
  }
  const label = outcome;
  switch (outcome) {
    case 'endTurn':
      return run.process([{ fn: 'EndTurn', force: true, turn, phase, label }]);
    case 'endStage':
      return run.process([{ fn: 'EndStage', playerID: seat, force: true, turn, phase, label }]);
    case 'endPhase':
      return run.process([{ fn: 'EndPhase', turn, phase, label }]);
    case 'endGame': {
      const gameover: TimedOut = { timedOut: deadline.limit === 'phase' ? null : seat, limit: deadline.limit };
      return run.process([{ fn: 'EndGame', arg: gameover, turn, phase, label }]);
    }
  }
}
