/**
 * One phase's state node. It holds the turn; a phase ends by a transition
 * from this state to the next phase's state (or to the null phase), one per
 * rule that can end it there (phase-exits.ts).
 */
import type { CompiledGame, CompiledPhase } from '../engine/config';
import { phaseExits, phaseStateId } from './phase-exits';
import type { RuleGuards } from './rule-guards';
import { hookMarker } from './seat-region';
import type { Timers } from './timers';
import { turnState } from './turn-state';

export { chartPhases, phaseStateId } from './phase-exits';

export function phaseState(
  game: CompiledGame,
  phase: CompiledPhase,
  phaseIndex: number,
  numPlayers: number,
  guards: RuleGuards,
  timers: Timers,
): Record<string, unknown> {
  return {
    id: phaseStateId(phaseIndex),
    initial: 'turn',
    on: phaseExits(game, phase, guards),
    ...(phase.time ? { after: timers.after(phase.time) } : {}),
    states: { turn: turnState(game, phase, phaseIndex, numPlayers, guards, timers) },
    ...(phase.onBegin ? { entry: [hookMarker(`${phase.where}.onBegin`)] } : {}),
    ...(phase.onEnd ? { exit: [hookMarker(`${phase.where}.onEnd`)] } : {}),
    ...(phase.staticNext ? { meta: { next: phase.staticNext } } : {}),
  };
}
