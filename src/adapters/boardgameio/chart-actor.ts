/**
 * The xstate actor that runs a match's chart: started from the game's setup,
 * restored from any boardgame.io state (undo, redo, reset, sync), and fed the
 * actions the reducer accepted, replaying their recorded game code.
 */
import { createActor, type Actor, type ActorOptions, type InspectionEvent, type Observer } from 'xstate';
import {
  createGameMachine,
  primeRequest,
  chartValueFor,
  type Outcome as FlowOutcome,
  type GameMachine,
  type MachineInput,
  type RequestEvent,
  type TurnchartContext,
  type CompiledGame,
} from '../../machines';
import { withTape } from './active-tape';
import { CallTape } from './call-tape';
import { contextOf } from './game-state';
import { seatCount } from './match-start';
import type { BoundGame } from './taped-game';
import type { State } from './types';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
export type ChartActor = Actor<GameMachine>;

function machineOf(bound: BoundGame, numPlayers: number): GameMachine {
  return createGameMachine(bound.turnchart, { numPlayers: seatCount(numPlayers) });
}

/**
 * A new match's actor (not started), which starts the game through its own
 * chart with the start's game code replayed from `tape`; restored from
 * `state` if that replay does not reach the same state.
 */
export function newMatchActor(
  bound: BoundGame,
  state: State,
  input: MachineInput,
  tape: CallTape,
  inspect?: Inspect,
): ChartActor {
  const replay = tape.replay();
  const actor = withTape(replay, () =>
    createActor(machineOf(bound, state.ctx.numPlayers), { input, clock: FOLLOWER, ...(inspect ? { inspect } : {}) }),
  );
  const snapshot = actor.getSnapshot();
  if (snapshot.status === 'active' && replay.complete) return actor;
  return restoredActor(bound, state, inspect);
}

/**
 * The clock of a client's chart actor: its timers never fire. The actor
 * follows the client's state, where timeouts come from the match's
 * authority (the server, or the local client's own timer).
 */
const FOLLOWER: NonNullable<ActorOptions<GameMachine>['clock']> = {
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

/** An actor (not started) standing in a given boardgame.io state. */
export function restoredActor(bound: BoundGame, state: State, inspect?: Inspect): ChartActor {
  const machine = machineOf(bound, state.ctx.numPlayers);
  const snapshot = machine.resolveState({
    value: chartValueFor(bound.compiled, state.ctx),
    context: contextOf(state, bound.game),
  });
  return createActor(machine, { snapshot, clock: FOLLOWER, ...(inspect ? { inspect } : {}) });
}

/**
 * Send an accepted request to the actor, its game code replayed from the
 * tape. False when the actor did not end up applying exactly that recording.
 */
export function replayOn(
  actor: ChartActor,
  event: RequestEvent,
  tape: CallTape,
  computed?: { outcome: FlowOutcome & { ok: true }; from: TurnchartContext; game: CompiledGame },
): boolean {
  const before = actor.getSnapshot().context;
  const sent = { ...event };
  const outcome = computed?.outcome;
  if (outcome !== undefined && sameState(before, computed!.from)) {
    // The reducer already worked the request out on this very state: hand the outcome to the
    // machine, which then takes its transitions without running game code a second time.
    primeRequest(actor.logic, before, sent, outcome);
    actor.send(sent);
    return actor.getSnapshot().context !== before;
  }
  const replay = tape.replay();
  // A refused request takes no transition: the context is the same object.
  withTape(replay, () => actor.send(sent));
  return replay.complete && actor.getSnapshot().context !== before;
}

/** The actor stands exactly where the reducer started. */
function sameState(actor: TurnchartContext, from: TurnchartContext): boolean {
  return (
    actor.G === from.G &&
    actor.ctx === from.ctx &&
    actor.stateID === from.stateID &&
    // The same object, as a rule: the actor took the random state the reducer computed.
    (actor.random === from.random || JSON.stringify(actor.random) === JSON.stringify(from.random))
  );
}
