/**
 * One phase's state node. It holds the turn; a phase ends by a transition
 * from this state to the next phase's state (or to the null phase), taken by
 * the flow event that ended it.
 */
import type { CompiledGame, CompiledPhase } from './config';
import { phaseKey } from './chart-steps';
import { hookMarker } from './seat-region';
import { edgeConfig } from './transition-config';
import { turnState } from './turn-state';

/** Step events that can leave a phase. */
/** (startGame's chain never ends a phase: an endIf that fires at the start is an endPhase step of its own.) */
export const PHASE_EXIT_EVENTS = ['endTurn', 'pass', 'endPhase', 'setPhase'] as const;

export function phaseStateId(phaseIndex: number): string {
  return `phase${phaseIndex}`;
}

/** All phases in chart order: the declared ones, then the null phase. */
export function chartPhases(game: CompiledGame): CompiledPhase[] {
  return [...game.phases.values(), game.nullPhase];
}

export function phaseState(game: CompiledGame, phase: CompiledPhase, phaseIndex: number, numPlayers: number): Record<string, unknown> {
  const exits = chartPhases(game).map((target, index) =>
    edgeConfig({
      guard: { type: 'stepEntersPhase', params: { phase: phaseKey(target.name) } },
      target: `#${phaseStateId(index)}`,
      reenter: true,
    }),
  );
  const on: Record<string, unknown> = {};
  for (const type of PHASE_EXIT_EVENTS) on[type] = exits;
  return {
    id: phaseStateId(phaseIndex),
    initial: 'turn',
    on,
    states: { turn: turnState(game, phase, phaseIndex, numPlayers) },
    ...(phase.onBegin ? { entry: [hookMarker(`${phase.where}.onBegin`)] } : {}),
    ...(phase.onEnd ? { exit: [hookMarker(`${phase.where}.onEnd`)] } : {}),
    ...(phase.staticNext ? { meta: { next: phase.staticNext } } : {}),
  };
}
