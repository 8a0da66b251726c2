/**
 * The turn: a parallel state with one region per seat; its `endTurn` and
 * `pass` transitions (turn-ends.ts) re-enter it.
 */
import type { CompiledGame, CompiledPhase } from '../engine/config';
import type { RuleGuards } from './rule-guards';
import { hookMarker, seatRegion, startTargets } from './seat-region';
import { seatRegionKey } from './seat-state';
import { turnEnds } from './turn-ends';

export function turnStateId(phaseIndex: number): string {
  return `phase${phaseIndex}-turn`;
}

export function turnState(
  game: CompiledGame,
  phase: CompiledPhase,
  phaseIndex: number,
  numPlayers: number,
  guards: RuleGuards,
): Record<string, unknown> {
  const id = turnStateId(phaseIndex);
  const states: Record<string, unknown> = {};
  const starts = startTargets(game, phase, numPlayers);
  for (let seat = 0; seat < numPlayers; seat++)
    states[seatRegionKey(seat)] = seatRegion(game, phase, seat, starts[seat], guards);
  const turn = phase.turn;
  return {
    id,
    type: 'parallel',
    on: turnEnds(phase, id, guards),
    states,
    ...(turn.onBegin ? { entry: [hookMarker(`${turn.where}.onBegin`)] } : {}),
    ...(turn.onEnd ? { exit: [hookMarker(`${turn.where}.onEnd`)] } : {}),
  };
}
