/**
 * turnchart/boardgameio's reducer against boardgame.io's on the differential
 * test's random games (phases, stages, turn orders, events called from moves
 * and hooks, endIf triggers, move limits): after every action the state a
 * server stores is the same — G, ctx, the log entries (`deltalog`, with their
 * `automatic` flags and arguments), `_stateID`, the undo stacks, the random
 * state and the refusal type. A run stops comparing at an intended
 * difference (docs/differences.md, docs/boardgameio.md), named in the tally.
 */
import fc from 'fast-check';
import {
  ActionCreators,
  Client,
  CreateGameReducer,
  INVALID_MOVE,
  InitializeGame,
  TurnOrder,
} from 'turnchart/boardgameio';
import { buildGame } from '../support/build-random-game';
import { actionsArb, gameDescArb, resolvePlayer } from '../support/random-game';
import type { ActionDesc, GameDesc } from '../support/random-game-desc';
import { bgioInternal, bgioLib, captureConsole, expectChartInStep, undoEntryView } from './support';

const RUNS = Number(process.env.BGIO_ADAPTER_RUNS ?? 150);

const plain = (value: unknown): any => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** What both engines must agree on (undoEntryView: what boardgame.io mutates in place is left out). */
function comparable(state: any): any {
  const entry = undoEntryView;
  return plain({
    G: state.G,
    ctx: state.ctx,
    random: state.plugins.random.data,
    deltalog: state.deltalog,
    _stateID: state._stateID,
    _undo: state._undo.map(entry),
    _redo: state._redo.map(entry),
    error: state.transients?.error?.type,
  });
}

/** turnchart rejects what boardgame.io half-applies or crashes on (bgio-quirks policy). */
const POLICY_CODES = new Set([
  'INVALID_NEXT_PLAYER',
  'FLOW_LOOP',
  'NOT_A_SEAT',
  'INVALID_STAGE',
  'UNKNOWN_PHASE',
  'INVALID_TURN_ORDER',
  'INVALID_ARGUMENT',
  'EVENT_NOT_ALLOWED_HERE',
]);

type Verdict = { kind: 'same'; accepted: number } | { kind: 'expected'; difference: string };

function run(desc: GameDesc, actions: ActionDesc[]): Verdict {
  const bgioGame = buildGame(desc, bgioLib);
  const ourGame = buildGame(desc, { TurnOrder, INVALID_MOVE });
  let b: any;
  let t: any;
  try {
    captureConsole(() => (b = bgioInternal.InitializeGame({ game: bgioGame, numPlayers: desc.numPlayers })));
  } catch {
    return { kind: 'expected', difference: 'bgio-crashes-at-construction' };
  }
  if (b.plugins.events?.data?.error) return { kind: 'expected', difference: 'start-rejected' };
  try {
    t = InitializeGame({ game: ourGame, numPlayers: desc.numPlayers });
  } catch (error: any) {
    if (error?.rejection?.code === 'FLOW_LOOP') return { kind: 'expected', difference: 'start-loops' };
    throw error;
  }
  expect(comparable(t)).toEqual(comparable(b));
  const bgioReducer = bgioInternal.CreateGameReducer({ game: bgioGame });
  const ourReducer = CreateGameReducer({ game: ourGame });
  let accepted = 0;
  for (const [i, desc_] of actions.entries()) {
    const playerID = resolvePlayer(desc_.playerID, b.ctx);
    const args = desc_.kind === 'event' && 'arg' in desc_ ? [desc_.arg] : [];
    const action =
      desc_.kind === 'move'
        ? ActionCreators.makeMove(desc_.name, [], playerID)
        : ActionCreators.gameEvent(desc_.type, args, playerID);
    let next: any;
    try {
      captureConsole(() => (next = bgioReducer(b, structuredClone(action))));
    } catch {
      return { kind: 'expected', difference: 'bgio-throws' };
    }
    captureConsole(() => (t = ourReducer(t, structuredClone(action))));
    b = next;
    const code = t.transients?.error?.payload?.code ?? t.transients?.error?.payload?.rejection?.code;
    const [ours, theirs] = [comparable(t), comparable(b)];
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
      if (code && POLICY_CODES.has(code)) return { kind: 'expected', difference: `rejected:${code}` };
      if (
        ours.error &&
        theirs.error &&
        JSON.stringify(ours.ctx._activePlayersNumMoves) !== JSON.stringify(theirs.ctx._activePlayersNumMoves)
      ) {
        return { kind: 'expected', difference: 'bgio-leaky-rollback' };
      }
      const locked = (ctx: any) => ctx.activePlayers !== null && Object.keys(ctx.activePlayers).length === 0;
      if (locked(theirs.ctx) && ours.ctx.activePlayers === null)
        return { kind: 'expected', difference: 'empty-active-players-becomes-null' };
    }
    expect({ step: i + 1, action, state: ours }).toEqual({ step: i + 1, action, state: theirs });
    if (!t.transients) accepted++;
  }
  return { kind: 'same', accepted };
}

test(`the reducer equals boardgame.io's on ${RUNS} random games, log entries included`, () => {
  const tally: Record<string, number> = {};
  fc.assert(
    fc.property(
      gameDescArb().chain((desc) => fc.tuple(fc.constant(desc), actionsArb(desc))),
      ([desc, actions]) => {
        const verdict = run(desc, actions);
        const key = verdict.kind === 'same' ? 'same' : verdict.difference;
        tally[key] = (tally[key] ?? 0) + 1;
        if (verdict.kind === 'same') tally.accepted = (tally.accepted ?? 0) + verdict.accepted;
      },
    ),
    { numRuns: RUNS, seed: process.env.BGIO_ADAPTER_SEED ? Number(process.env.BGIO_ADAPTER_SEED) : 20260517 },
  );
  if (process.env.BGIO_ADAPTER_VERBOSE) console.log(tally);
  expect(tally.same ?? 0).toBeGreaterThan(RUNS * 0.7);
  expect(tally.accepted).toBeGreaterThan(RUNS * 2);
});

test('on random games the client replays every accepted action on its chart actor, which stays in step with the state', () => {
  let replayed = 0;
  fc.assert(
    fc.property(
      gameDescArb().chain((desc) => fc.tuple(fc.constant(desc), actionsArb(desc))),
      ([desc, actions]) => {
        let client: any;
        try {
          client = Client({ game: buildGame(desc, { TurnOrder, INVALID_MOVE }), numPlayers: desc.numPlayers });
        } catch (error: any) {
          if (error?.rejection?.code === 'FLOW_LOOP') return;
          throw error;
        }
        expectChartInStep(client);
        for (const action of actions) {
          client.updatePlayerID(resolvePlayer(action.playerID, client.getState().ctx));
          const actor = client.chart();
          const before = client.getState()._stateID;
          captureConsole(() => {
            if (action.kind === 'move') client.moves[action.name]();
            else if ('arg' in action) client.events[action.type](structuredClone(action.arg));
            else client.events[action.type]();
          });
          if (client.getState()._stateID > before) {
            // An accepted move or event reaches the same actor (a failed replay would restore a new one).
            expect({ action, sameActor: client.chart() === actor }).toEqual({ action, sameActor: true });
            replayed++;
          }
          expectChartInStep(client);
        }
      },
    ),
    { numRuns: Math.ceil(RUNS / 3), seed: 20260518 },
  );
  expect(replayed).toBeGreaterThan(RUNS / 3);
});
