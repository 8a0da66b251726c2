/**
 * Runs the same game file and the same scripted actions on boardgame.io
 * 0.50.2's own client and on turnchart/boardgameio's, and views their states
 * the way a user sees them, so tests can compare them step by step.
 */
import { createRequire } from 'node:module';
import * as turnchart from 'turnchart/boardgameio';
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
  numPlayers?: number;
  playerID?: string | null;
}

/** A client of either engine, built from a fresh game object (boardgame.io mutates configs). */
export function makeClient(engine: Engine, makeGame: (lib: BoardgameLib) => any, opts: ClientOpts = {}): any {
  const game = makeGame(libOf(engine));
  const Client = engine === 'bgio' ? bgioClient.Client : turnchart.Client;
  return Client({ game, numPlayers: opts.numPlayers ?? 2, ...(opts.playerID !== undefined ? { playerID: opts.playerID } : {}) });
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

const undoView = (entry: any) => ({
  G: entry.G,
  ctx: entry.ctx,
  playerID: entry.playerID,
  moveType: entry.moveType,
  random: entry.plugins?.random?.data,
});

/**
 * A client state as JSON (undefined fields dropped), with what both engines
 * share. Left out on purpose: `plugins.log.data`, which boardgame.io mutates
 * in earlier states (it can carry a later move's metadata after an undo).
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
    _undo: state._undo?.map(undoView),
    _redo: state._redo?.map(undoView),
    error: state.transients?.error?.type,
  });
}

/** What `fn` printed through console.error / console.log / console.warn, as lines. */
export function captureConsole(fn: () => void): string[] {
  const lines: string[] = [];
  const saved = { error: console.error, log: console.log, warn: console.warn };
  const capture = (level: string) => (...args: unknown[]) => lines.push(`${level} ${args.map(String).join(' ')}`);
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

/** Play a script on a client, recording its viewed state and printed lines after every step. */
export function play(client: any, script: Act[]): Trace {
  const trace: Trace = { states: [view(client.getState())], output: [] };
  for (const step of script) {
    trace.output.push(captureConsole(() => act(client, step)));
    trace.states.push(view(client.getState()));
  }
  return trace;
}

/** Play a script on both engines; `expectSame` then compares every step. */
export function playBoth(makeGame: (lib: BoardgameLib) => any, script: Act[], opts: ClientOpts = {}): Record<Engine, Trace> {
  return {
    bgio: play(makeClient('bgio', makeGame, opts), script),
    turnchart: play(makeClient('turnchart', makeGame, opts), script),
  };
}

/** Fails at the first step whose state or printed lines differ, naming the step. */
export function expectSame(traces: Record<Engine, Trace>, script: Act[]): void {
  traces.bgio.states.forEach((bgio, step) => {
    const label = step === 0 ? 'the initial state' : `after step ${step} ${JSON.stringify(script[step - 1])}`;
    expect({ at: label, state: traces.turnchart.states[step] }).toEqual({ at: label, state: bgio });
    if (step > 0) expect({ at: label, printed: traces.turnchart.output[step - 1] }).toEqual({ at: label, printed: traces.bgio.output[step - 1] });
  });
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
