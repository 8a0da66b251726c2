/**
 * A pure reducer over a game machine's snapshots, for servers and replays.
 * The engine works the request out and the machine gives its own snapshot of
 * the result (`machine.resolveState`): the value and context xstate's
 * `transition()` reaches, without xstate's walk or the new actor (and game
 * setup) its every call makes. With `{ transitions: true }` the request is
 * sent to an actor restored from the snapshot instead, on xstate's own
 * interpreter, and the chart transitions it took are listed.
 */
import { createActor, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import type { ActionRejection } from '../engine/errors';
import { evaluateRequest, type RequestEvent } from '../engine/request';
import { gameOfMachine, primeRequest, type GameMachine, type TurnchartEvent } from './game-machine';
import { chartValueFor } from './seat-state';

type GameSnapshot = ReturnType<GameMachine['getInitialSnapshot']>;

export interface PureResult {
  snapshot: GameSnapshot;
  /** The typed reason when the machine refused the request. */
  rejection?: ActionRejection;
  /** With `{ transitions: true }`: the chart transitions taken, microstep by microstep. */
  transitions?: AnyTransitionDefinition[];
}

/** The request sent to an actor standing in `snapshot`, with the transitions it took. */
function walked(machine: GameMachine, snapshot: GameSnapshot, event: TurnchartEvent): PureResult {
  const transitions: AnyTransitionDefinition[] = [];
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.microstep') transitions.push(...inspection._transitions);
  };
  const actor = createActor(machine, { snapshot, inspect }).start();
  actor.send(event);
  const next = actor.getSnapshot();
  actor.stop();
  return { snapshot: transitions.length ? next : snapshot, transitions };
}

/** The next snapshot of a game machine for an event, computed purely. */
export function transitionGame(
  machine: GameMachine,
  snapshot: GameSnapshot,
  event: TurnchartEvent,
  options: { transitions?: boolean } = {},
): PureResult {
  const game = gameOfMachine(machine);
  const outcome = game && evaluateRequest(game, snapshot.context, event as RequestEvent);
  if (outcome !== undefined && !outcome.ok) {
    return options.transitions
      ? { snapshot, rejection: outcome.rejection, transitions: [] }
      : { snapshot, rejection: outcome.rejection };
  }
  if (outcome === undefined) return walked(machine, snapshot, event);
  if (options.transitions) {
    // The actor's guards take this very outcome: game code runs once.
    primeRequest(machine, snapshot.context, event as RequestEvent, outcome);
    return walked(machine, snapshot, event);
  }
  const { context } = outcome;
  const next = machine.resolveState({ value: chartValueFor(game!, context.ctx) as never, context });
  return { snapshot: next };
}
