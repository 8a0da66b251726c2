/**
 * Pure transitions of a game machine that also say which chart transitions
 * they took (the engine's `transitionGame` with `{ transitions: true }`), and
 * a match's start with the transitions it took.
 */
import { createActor, type AnyTransitionDefinition } from 'xstate';
import { transitionGame, type ActionRejection, type GameMachine, type TurnchartEvent } from '../../machines';

export type GameSnapshot = ReturnType<GameMachine['getInitialSnapshot']>;

export interface ObservedStep {
  snapshot: GameSnapshot;
  rejection?: ActionRejection;
  /** The transitions taken, microstep by microstep, in order. */
  transitions: AnyTransitionDefinition[];
}

/** The next snapshot for an event, the typed rejection if refused, and the transitions taken. */
export function observedTransition(machine: GameMachine, snapshot: GameSnapshot, event: TurnchartEvent): ObservedStep {
  const result = transitionGame(machine, snapshot, event, { transitions: true });
  return {
    snapshot: result.snapshot,
    transitions: result.transitions ?? [],
    ...(result.rejection ? { rejection: result.rejection } : {}),
  };
}

/**
 * A started match's first snapshot and the transitions its start took
 * (the `startGame` and `startTurn` steps).
 */
export function observedStart(
  machine: GameMachine,
  input: { seed: string | number; setupData?: unknown },
): ObservedStep {
  const transitions: AnyTransitionDefinition[] = [];
  const actor = createActor(machine, {
    input: { seed: input.seed, ...(input.setupData !== undefined ? { setupData: input.setupData } : {}) },
    inspect: (event) => {
      if (event.type === '@xstate.microstep') transitions.push(...event._transitions);
    },
  });
  const first = actor.getSnapshot();
  if (first.status === 'error') throw first.error;
  actor.start();
  const snapshot = actor.getSnapshot() as GameSnapshot;
  actor.stop();
  return { snapshot, transitions };
}
