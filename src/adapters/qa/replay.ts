/**
 * Replaying a trace: the same game, seats, seed and setupData, the same
 * requests in order, and after each one the state compared with the recorded
 * `{ G, ctx, value }` and the recorded verdict (accepted, or refused with
 * that code). The first difference is reported precisely: the action's index
 * and request, the path in G / ctx / value, expected and actual. A chart
 * whose hash differs from the recorded one is a warning, not a failure: the
 * states decide.
 */
import { createActor } from 'xstate';
import { createGameMachine, transitionGame, type GameMachine, type TurnchartEvent, type Game } from '../../machines';
import { firstDifference } from './diff';
import { machineHash } from './machine-hash';
import { traceState, type Trace, type TraceRequest, type TraceState } from './trace';

export interface Divergence {
  /** Index in `trace.actions`; -1 for the initial state. */
  index: number;
  /** The request at that index (none for the initial state). */
  request?: TraceRequest;
  /** `state`: a recorded state differs; `verdict`: accepted where the trace has a refusal, or the other way round. */
  kind: 'state' | 'verdict';
  /** Where: `G.deck`, `ctx.currentPlayer`, `value.phases`, or `rejection` for a verdict. */
  path: string;
  expected: unknown;
  actual: unknown;
  /** The replay's rejection message, when it refused the request. */
  message?: string;
}

export interface ReplayReport {
  ok: boolean;
  /** Actions in the trace. */
  actions: number;
  /** Actions replayed and matched before the divergence (all of them when ok). */
  matched: number;
  /** Recorded refusals that were refused again. */
  refused: number;
  warnings: string[];
  divergence?: Divergence;
  /** The state reached by the replay (at the divergence when there is one). */
  final: TraceState;
}

export interface ReplayOptions {
  /** Called after each action (for progress on long traces). */
  onAction?: (index: number, total: number) => void;
}

/** The initial snapshot of a match, as a started actor sees it. */
export function initialSnapshot(machine: GameMachine, seed: string | number, setupData?: unknown, start?: number) {
  const input = {
    seed,
    ...(setupData !== undefined ? { setupData } : {}),
    ...(start !== undefined ? { now: start } : {}),
  };
  const actor = createActor(machine, { input });
  const snapshot = actor.getSnapshot();
  if (snapshot.status === 'error') throw snapshot.error;
  actor.start();
  const started = actor.getSnapshot();
  actor.stop();
  return started;
}

/** Warnings about a trace's identity against the game it is replayed on. */
export function identityWarnings(game: Game, machine: GameMachine, trace: Trace): string[] {
  const warnings: string[] = [];
  const name = game.name ?? null;
  if (name !== trace.game.name)
    warnings.push(
      `the trace was recorded on game ${JSON.stringify(trace.game.name)}, this game is ${JSON.stringify(name)}`,
    );
  const hash = machineHash(machine);
  if (hash !== trace.game.machineHash) {
    warnings.push(
      `the chart changed since the trace was recorded (machine hash ${trace.game.machineHash} then, ${hash} now)`,
    );
  }
  return warnings;
}

function compare(
  expected: TraceState,
  actual: TraceState,
): { path: string; expected: unknown; actual: unknown } | undefined {
  for (const part of ['G', 'ctx', 'value'] as const) {
    const difference = firstDifference(expected[part], actual[part], part);
    if (difference) return { path: difference.path, expected: difference.before, actual: difference.after };
  }
  return undefined;
}

/** Re-run a trace on `game` and check every recorded state and verdict. */
export function replayTrace(game: Game, trace: Trace, options: ReplayOptions = {}): ReplayReport {
  const machine = createGameMachine(game, { numPlayers: trace.game.numPlayers });
  const warnings = identityWarnings(game, machine, trace);
  let snapshot = initialSnapshot(machine, trace.game.seed, trace.game.setupData, trace.game.start);
  let state = traceState(snapshot);
  const total = trace.actions.length;
  let refused = 0;
  const fail = (divergence: Divergence, matched: number): ReplayReport => ({
    ok: false,
    actions: total,
    matched,
    refused,
    warnings,
    divergence,
    final: state,
  });

  const initialDifference = compare(trace.initial, state);
  if (initialDifference) return fail({ index: -1, kind: 'state', ...initialDifference }, 0);

  for (let index = 0; index < total; index++) {
    const action = trace.actions[index];
    const request = action.request;
    // As recorded: a request's time and a timeout's deadline too.
    const result = transitionGame(machine, snapshot, { ...request } as TurnchartEvent);
    snapshot = result.snapshot;
    state = traceState(snapshot);
    const actualCode = result.rejection?.code;
    if (actualCode !== action.rejection) {
      const describe = (code: string | undefined) => code ?? 'accepted';
      return fail(
        {
          index,
          request,
          kind: 'verdict',
          path: 'rejection',
          expected: describe(action.rejection),
          actual: describe(actualCode),
          ...(result.rejection ? { message: result.rejection.message } : {}),
        },
        index,
      );
    }
    if (actualCode !== undefined) refused++;
    const difference = compare(action.state, state);
    if (difference) return fail({ index, request, kind: 'state', ...difference }, index);
    options.onAction?.(index, total);
  }
  return { ok: true, actions: total, matched: total, refused, warnings, final: state };
}
