/**
 * A small driver for the seed scenarios: every step goes through turnchart's
 * public API and is followed by design invariant 1 (the chart agrees with
 * ctx). Accepted steps must be accepted; rejected steps must be rejected with
 * the expected code and leave G and ctx exactly as they were.
 *
 * With SEEDS_VS_BGIO=1 every scenario also runs, step by step, on
 * boardgame.io 0.50.2's reducer, and G and ctx must be equal after each step:
 * a way to re-check the expected values of these tests against the reference.
 */
import { quiet } from '../support/quiet';
import { createRequire } from 'node:module';
import {
  createGame,
  seatRegionKey,
  type Ctx,
  type FlowEventType,
  type Game,
  type MoveFn,
  type RejectionCode,
  type TurnchartGame,
} from 'turnchart';
import { expectChartAgrees } from '../support/invariants';

const VS_BGIO = process.env.SEEDS_VS_BGIO === '1';

type Action = { type: 'MAKE_MOVE' | 'GAME_EVENT'; payload: { type: string; args: unknown[]; playerID: string } };

/** Copies plain objects and arrays, keeps functions: boardgame.io mutates the config it is given. */
function cloneConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneConfig) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneConfig(v)])) as T;
  }
  return value;
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

/** boardgame.io 0.50.2 running the same scenario (only with SEEDS_VS_BGIO=1). */
class Reference {
  private state: any;
  private readonly reducer: (state: any, action: Action) => any;

  constructor(game: Game, numPlayers: number) {
    const bgio = createRequire(__filename)('boardgame.io/internal');
    this.state = bgio.InitializeGame({ game: cloneConfig(game), numPlayers });
    this.reducer = bgio.CreateGameReducer({ game: cloneConfig(game), isClient: false });
  }

  apply(action: Action): void {
    const { transients: _ignored, ...rest } = quiet(() => this.reducer(this.state, action));
    this.state = rest;
  }

  expectSameAs(match: TurnchartGame, label: string): void {
    const ours = plain(match.getState());
    const theirs = plain({ G: this.state.G, ctx: this.state.ctx });
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
      throw new Error(
        `boardgame.io 0.50.2 differs after ${label}\n bgio:      ${JSON.stringify(theirs)}\n turnchart: ${JSON.stringify(ours)}`,
      );
    }
  }
}

/** G of the scenarios that only need to know who did what. */
export interface Log {
  log: string[];
}

/** A move that appends "<label> by <playerID>" to G.log. */
export const note =
  (label: string): MoveFn<Log> =>
  ({ G, playerID }) => {
    G.log.push(`${label} by ${playerID}`);
  };

export interface ScenarioMatch<G> {
  readonly match: TurnchartGame<G>;
  G(): G;
  ctx(): Ctx;
  /** A move that must be accepted. */
  move(name: string, playerID: string, ...args: unknown[]): void;
  /** A flow event that must be accepted. */
  event(type: FlowEventType, playerID: string, arg?: unknown): void;
  /** A move that must be rejected with `code`, changing nothing. */
  rejectMove(code: RejectionCode, name: string, playerID: string, ...args: unknown[]): void;
  /** A flow event that must be rejected with `code`, changing nothing. */
  rejectEvent(code: RejectionCode, type: FlowEventType, playerID: string, arg?: unknown): void;
  /** Exactly these ctx fields (each compared whole, so an extra active player fails). */
  expectCtx(expected: Partial<Ctx>): void;
  /** Each seat's state in the chart's turn node, seat 0 first. */
  seats(): string[];
}

export function startMatch<G = any>(game: Game<G>, numPlayers: number): ScenarioMatch<G> {
  const match = createGame(game, { numPlayers, seed: 'fixed' });
  const reference = VS_BGIO ? new Reference(game, numPlayers) : undefined;
  const check = (label: string) => {
    expectChartAgrees(game, match);
    reference?.expectSameAs(match, label);
  };
  check('the start');

  const send = (kind: 'move' | 'event', type: string, playerID: string, args: unknown[]) => {
    reference?.apply({ type: kind === 'move' ? 'MAKE_MOVE' : 'GAME_EVENT', payload: { type, args, playerID } });
    return kind === 'move' ? match.move(type, args, playerID) : match.event(type as FlowEventType, args[0], playerID);
  };
  const accept = (kind: 'move' | 'event', type: string, playerID: string, args: unknown[]) => {
    const result = send(kind, type, playerID, args);
    const label = `${kind} ${type}(${args.map((a) => JSON.stringify(a)).join(', ')}) by ${playerID}`;
    if (!result.ok) throw new Error(`${label} was rejected: ${result.error.code}: ${result.error.message}`);
    check(label);
  };
  const refuse = (code: RejectionCode, kind: 'move' | 'event', type: string, playerID: string, args: unknown[]) => {
    const before = plain(match.getState());
    const result = send(kind, type, playerID, args);
    expect(result.ok ? 'accepted' : result.error.code).toBe(code);
    expect(plain(match.getState())).toEqual(before);
    check(`rejected ${kind} ${type} by ${playerID}`);
  };

  return {
    match,
    G: () => match.getState().G,
    ctx: () => match.getState().ctx,
    move: (name, playerID, ...args) => accept('move', name, playerID, args),
    event: (type, playerID, arg) => accept('event', type, playerID, arg === undefined ? [] : [arg]),
    rejectMove: (code, name, playerID, ...args) => refuse(code, 'move', name, playerID, args),
    rejectEvent: (code, type, playerID, arg) => refuse(code, 'event', type, playerID, arg === undefined ? [] : [arg]),
    expectCtx(expected) {
      const ctx = match.getState().ctx as unknown as Record<string, unknown>;
      const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, ctx[key]]));
      expect(actual).toEqual(expected);
    },
    seats() {
      const value = match.getStateValue() as { phases: Record<string, { turn: Record<string, string> }> };
      const turn = Object.values(value.phases)[0].turn;
      return Array.from({ length: numPlayers }, (_, p) => turn[seatRegionKey(p)]);
    },
  };
}
