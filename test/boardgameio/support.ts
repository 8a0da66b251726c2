/**
 * Runs the same game file and the same scripted actions on boardgame.io
 * 0.50.2's own client and on turnchart/boardgameio's, and views their states
 * the way a user sees them, so tests can compare them step by step.
 */
import { createRequire } from 'node:module';
import { createGame } from 'turnchart';
import * as turnchart from 'turnchart/boardgameio';
import { expectEqual } from '../support/expect-equal';
import { chartAgreesWithCtx, expectChartAgrees } from '../support/invariants';
import type { BoardgameLib } from './games/lib';

const require_ = createRequire(__filename);
// boardgame.io has no exports map: load its CommonJS builds (bgio-quirks 18).
const bgioClient = require_('boardgame.io/client');
const bgioCore = require_('boardgame.io/core');
export const bgioInternal = require_('boardgame.io/internal');

export const bgioLib: BoardgameLib = bgioCore;
export const turnchartLib: BoardgameLib = turnchart;

export type Engine = 'bgio' | 'turnchart';
export const ENGINES: Engine[] = ['bgio', 'turnchart'];

export const libOf = (engine: Engine): BoardgameLib => (engine === 'bgio' ? bgioLib : turnchartLib);

export interface ClientOpts {
  /** A decimal string too, as published games pass it (boardgame.io keeps it in ctx as given). */
  numPlayers?: number | string;
  playerID?: string | null;
}

/** A client of either engine, built from a fresh game object (boardgame.io mutates configs). */
export function makeClient(engine: Engine, makeGame: (lib: BoardgameLib) => any, opts: ClientOpts = {}): any {
  const game = makeGame(libOf(engine));
  const Client = engine === 'bgio' ? bgioClient.Client : turnchart.Client;
  return Client({
    game,
    numPlayers: (opts.numPlayers ?? 2) as number,
    ...(opts.playerID !== undefined ? { playerID: opts.playerID } : {}),
  });
}

/** One scripted action; `as` switches the client's player first (`null`: no player, the current one acts). */
export type Act =
  | { as?: string | null; move: string; args?: unknown[] }
  | { as?: string | null; event: string; args?: unknown[] }
  | { as?: string | null; undo: true }
  | { as?: string | null; redo: true }
  | { reset: true };

export function act(client: any, step: Act): void {
  if ('as' in step && step.as !== undefined && client.playerID !== step.as) client.updatePlayerID(step.as);
  if ('move' in step) client.moves[step.move](...(step.args ?? []));
  else if ('event' in step) client.events[step.event](...(step.args ?? []));
  else if ('undo' in step) client.undo();
  else if ('redo' in step) client.redo();
  else client.reset();
}

const plain = (value: unknown): any => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * An undo or redo entry, without what boardgame.io changes in place in earlier
 * states (bgio-quirks 19): the active set and its move counts and limits
 * (`setStage` and every move in a stage write into the shared objects), and the
 * log plugin's data (a later move's metadata).
 */
export function undoEntryView(entry: any): any {
  const {
    activePlayers: _a,
    _activePlayersNumMoves: _n,
    _activePlayersMinMoves: _min,
    _activePlayersMaxMoves: _max,
    ...ctx
  } = entry.ctx ?? {};
  return { G: entry.G, ctx, playerID: entry.playerID, moveType: entry.moveType, random: entry.plugins?.random?.data };
}

/**
 * A client state as JSON (undefined fields dropped), with what both engines
 * share. Left out on purpose: `plugins.log.data`, which boardgame.io mutates
 * in earlier states (it can carry a later move's metadata after an undo), and
 * in undo entries what undoEntryView leaves out.
 */
export function view(state: any): any {
  if (state === null) return null;
  return plain({
    G: state.G,
    ctx: state.ctx,
    isActive: state.isActive,
    isConnected: state.isConnected,
    _stateID: state._stateID,
    log: state.log,
    deltalog: state.deltalog,
    random: state.plugins?.random?.data,
    pluginNames: Object.keys(state.plugins ?? {}),
    _undo: state._undo?.map(undoEntryView),
    _redo: state._redo?.map(undoEntryView),
    error: state.transients?.error?.type,
  });
}

/** What `fn` printed through console.error / console.log / console.warn, as lines. */
export function captureConsole(fn: () => void): string[] {
  const lines: string[] = [];
  const saved = { error: console.error, log: console.log, warn: console.warn };
  const capture =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push(`${level} ${args.map(String).join(' ')}`);
  console.error = capture('error');
  console.log = capture('log');
  console.warn = capture('warn');
  try {
    fn();
  } finally {
    Object.assign(console, saved);
  }
  return lines;
}

export interface Trace {
  states: any[];
  output: string[][];
}

/** A turnchart client's chart actor stands in the client's state, and its chart agrees with ctx (design invariant 1). */
export function expectChartInStep(client: any): void {
  const context = client.chart().getSnapshot().context;
  const state = client.store.getState();
  expectEqual(
    plain({ G: context.G, ctx: context.ctx, random: context.random }),
    plain({ G: state.G, ctx: state.ctx, random: state.plugins.random.data }),
  );
  expect(chartAgreesWithCtx(client.game, client.chart().getSnapshot().value, state.ctx)).toBeUndefined();
}

/** Play a script on a client, recording its viewed state and printed lines after every step. */
export function play(client: any, script: Act[]): Trace {
  const trace: Trace = { states: [view(client.getState())], output: [] };
  const ours = typeof client.chart === 'function';
  for (const step of script) {
    trace.output.push(captureConsole(() => act(client, step)));
    trace.states.push(view(client.getState()));
    if (ours) expectChartInStep(client);
  }
  return trace;
}

/** Play a script on both engines; `expectSame` then compares every step. */
export function playBoth(
  makeGame: (lib: BoardgameLib) => any,
  script: Act[],
  opts: ClientOpts = {},
): Record<Engine, Trace> {
  return {
    bgio: play(makeClient('bgio', makeGame, opts), script),
    turnchart: play(makeClient('turnchart', makeGame, opts), script),
  };
}

export type Verdict = { kind: 'same' } | { kind: 'expected'; difference: string; step: number };

/** Only `ctx._activePlayersNumMoves` differs. */
function onlyMoveCountsDiffer(a: any, b: any): boolean {
  const strip = (state: any) => ({ ...state, ctx: { ...state.ctx, _activePlayersNumMoves: undefined } });
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

/**
 * Compares two traces step by step; throws at the first step whose state or
 * printed lines differ, naming the step, unless the difference is an intended
 * one (docs/boardgameio.md): then comparing that run stops there.
 */
export function compareTraces(traces: Record<Engine, Trace>, script: Act[]): Verdict {
  for (let step = 0; step < traces.bgio.states.length; step++) {
    const bgio = traces.bgio.states[step];
    const ours = traces.turnchart.states[step];
    const action = script[step - 1];
    // boardgame.io's undo restores move counts that later moves changed in place; turnchart restores them as they were.
    if (
      action &&
      ('undo' in action || 'redo' in action) &&
      onlyMoveCountsDiffer(ours, bgio) &&
      JSON.stringify(ours) !== JSON.stringify(bgio)
    ) {
      return { kind: 'expected', difference: 'undo-restores-move-counts', step };
    }
    const label = step === 0 ? 'the initial state' : `step ${step} of ${script.length}: ${JSON.stringify(action)}`;
    try {
      expectEqual(ours, bgio);
      if (step > 0) expectEqual(traces.turnchart.output[step - 1], traces.bgio.output[step - 1]);
    } catch (error) {
      (error as Error).message = `turnchart differs from boardgame.io after ${label}\n${(error as Error).message}`;
      throw error;
    }
  }
  return { kind: 'same' };
}

/** Every step the same on both engines. */
export function expectSame(traces: Record<Engine, Trace>, script: Act[]): void {
  expect(compareTraces(traces, script)).toEqual({ kind: 'same' });
}

/** A small seeded PRNG (mulberry32) for scripted random playouts. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)];

/**
 * A script chosen step by step on boardgame.io's state (the reference), so
 * that it can be replayed on both engines. `choose` returns undefined to stop.
 */
export function scriptOn(
  makeGame: (lib: BoardgameLib) => any,
  opts: ClientOpts,
  length: number,
  choose: (state: any) => Act | undefined,
): Act[] {
  const client = makeClient('bgio', makeGame, opts);
  const script: Act[] = [];
  for (let i = 0; i < length; i++) {
    const step = choose(client.getState());
    if (!step) break;
    script.push(step);
    captureConsole(() => act(client, step));
  }
  return script;
}

/** The script on createGame, as the current player of each step; G and ctx after every step. */
export function onCreateGame(
  game: any,
  script: Act[],
  numPlayers = 2,
): { states: any[]; match: ReturnType<typeof createGame> } {
  const match = createGame(game, { numPlayers, seed: 'catalogue' });
  const plain = () => JSON.parse(JSON.stringify({ G: match.getState().G, ctx: match.getState().ctx }));
  const states = [plain()];
  for (const step of script) {
    const player = match.getState().ctx.currentPlayer;
    if ('move' in step) match.move(step.move, step.args ?? [], player);
    else if ('event' in step) match.event(step.event as never, step.args?.[0], player);
    else throw new Error('only moves and events here');
    expectChartAgrees(game, match);
    states.push(plain());
  }
  return { states, match };
}

export const gAndCtx = (states: any[]) => states.map(({ G, ctx }) => ({ G, ctx }));
