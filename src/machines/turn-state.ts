/**
 * The turn: a parallel state with one region per seat. A turn ends by
 * re-entering this state (the `endTurn` / `pass` transition), which resets
 * every seat; the `startTurn` step that follows seats the players again.
 */
import { SEAT_ACTIVE, type CompiledGame, type CompiledPhase } from './config';
import { hookMarker, seatRegion } from './seat-region';
import { seatRegionKey } from './seat-state';
import { edgeConfig } from './transition-config';

/** startGame never re-enters the turn: a match starts in its fresh first turn (see startMatch). */
export const TURN_RESTART_EVENTS = ['endTurn', 'pass'] as const;

export function turnStateId(phaseIndex: number): string {
  return `phase${phaseIndex}-turn`;
}

export function turnState(game: CompiledGame, phase: CompiledPhase, phaseIndex: number, numPlayers: number): Record<string, unknown> {
  const id = turnStateId(phaseIndex);
  const restart = edgeConfig({ guard: 'stepRestartsTurn', target: `#${id}`, reenter: true });
  // A plain turn end goes straight into the next player's `active` state.
  const passTo = Array.from({ length: numPlayers }, (_, seat) =>
    edgeConfig({
      guard: { type: 'turnPassesTo', params: { seat } },
      target: `#${id}.${seatRegionKey(seat)}.${SEAT_ACTIVE}`,
      reenter: true,
      actions: 'applyOutcome',
    }),
  );
  const on: Record<string, unknown> = {};
  for (const type of TURN_RESTART_EVENTS) on[type] = [...passTo, restart];
  const states: Record<string, unknown> = {};
  for (let seat = 0; seat < numPlayers; seat++) states[seatRegionKey(seat)] = seatRegion(game, phase, seat);
  const turn = phase.turn;
  return {
    id,
    type: 'parallel',
    on,
    states,
    ...(turn.onBegin ? { entry: [hookMarker(`${turn.where}.onBegin`)] } : {}),
    ...(turn.onEnd ? { exit: [hookMarker(`${turn.where}.onEnd`)] } : {}),
  };
}
