/**
 * The React debug panel's session in a multiplayer match (`Local()`), without
 * a browser: the page's view (match-view.ts) is fed the session's stream, as
 * the panel's iframe is. Two seats play; the panel of seat 0 keeps the whole
 * match as its timeline (one step per action the master reports), steps back
 * to the G, ctx and chart states of an earlier point, and starts a new
 * timeline only for a history that is not its own.
 */
import { Local } from '../../src/adapters/boardgameio/multiplayer/local';
import { TurnchartClient } from '../../src/adapters/boardgameio/client';
import * as actions from '../../src/adapters/boardgameio/action-creators';
import { DebugBuffer } from '../../src/adapters/react/debug-buffer';
import { DebugSession } from '../../src/adapters/react/debug/debug-session';
import { applyMessage, emptyView, type MatchView } from '../../src/adapters/inspect/page/match-view';
import { seatStates } from '../../src/adapters/inspect/page/chart-index';
import { TicTacToe } from '../../examples/tic-tac-toe/game';
import { waitFor } from '../support/wait-for';

// @statelyai/inspect is an ES module jest does not load: its manual API (what stately-events.ts calls), sending the fields the view reads.
jest.mock('@statelyai/inspect', () => ({
  createInspector: ({ send }: { send: (event: unknown) => void }) => ({
    actor: (ref: { sessionId: string }, snapshot: unknown) =>
      send({ type: '@xstate.actor', sessionId: ref.sessionId, snapshot }),
    event: (ref: { sessionId: string }, event: unknown) =>
      send({ type: '@xstate.event', sessionId: ref.sessionId, event }),
    snapshot: (ref: { sessionId: string }, snapshot: unknown) =>
      send({ type: '@xstate.snapshot', sessionId: ref.sessionId, snapshot }),
  }),
}));

/** Until `done()` holds (the in-process master answers on later ticks). */
const until = (done: () => boolean) => waitFor(done, 'the master to answer', 1);

const cellsOf = (client: TurnchartClient) => client.getState()?.G.cells;

type Multiplayer = ReturnType<typeof Local>;

/** A client of seat `playerID` with the panel's session (made once the client has a state, as the React client makes it) feeding a page view. */
async function seatWithPanel(game: typeof TicTacToe, multiplayer: Multiplayer, playerID: string) {
  const buffer = new DebugBuffer();
  const client = new TurnchartClient({ game, multiplayer, matchID: 'm', playerID, inspect: buffer.inspect });
  client.onAction((action, state) => buffer.action({ action, state, log: client.getState()?.log ?? [] }));
  client.start();
  await until(() => client.getState() !== null);
  const view: MatchView = emptyView();
  const session = new DebugSession(client, buffer, (message) => applyMessage(view, message as never));
  session.start();
  return { client, view, session };
}

/** Seats 0 (with the panel) and 1 on one fresh master. */
async function match() {
  const game = { ...TicTacToe }; // a new game object: a new Local master
  const multiplayer = Local();
  const { client: zero, view, session } = await seatWithPanel(game, multiplayer, '0');
  const one = new TurnchartClient({ game, multiplayer, matchID: 'm', playerID: '1' });
  one.start();
  await until(() => one.getState() !== null);
  /** `seat` clicks `cell`; resolves once `seats` (both, by default) show it. */
  const click = async (seat: TurnchartClient, cell: number, seats = [zero, one]) => {
    seat.moves.clickCell(cell);
    await until(() => seats.every((client) => client.getState()!.G.cells[cell] === seat.playerID));
  };
  const stop = () => {
    session.stop();
    zero.stop();
    one.stop();
  };
  return { game, multiplayer, zero, one, view, session, click, stop };
}

describe('the React debug panel in a multiplayer match (Local)', () => {
  test('the timeline grows by each action the master reports, and steps back to its G, ctx and chart states', async () => {
    const { zero, one, view, session, click, stop } = await match();
    await click(zero, 4);
    await click(one, 0);
    await click(zero, 8);
    expect([view.position, view.length]).toEqual([3, 3]);
    expect(view.entries).toHaveLength(4);
    expect(view.entries.slice(1).map((entry) => [entry.request?.playerID, entry.request?.args])).toEqual([
      ['0', [4]],
      ['1', [0]],
      ['0', [8]],
    ]);
    // The turn's end the master ran (maxMoves: 1) is the line's step.
    expect(view.entries[1].steps).toEqual(['endTurn']);

    session.receive({ type: 'goto', position: 1 });
    expect([view.position, view.length]).toEqual([1, 3]);
    const afterOne = [null, null, null, null, '0', null, null, null, null];
    expect(cellsOf(zero)).toEqual(afterOne);
    expect((view.context?.G as { cells: unknown }).cells).toEqual(afterOne);
    expect((view.context?.ctx as { currentPlayer: string }).currentPlayer).toBe('1');
    expect(seatStates(view.value)).toEqual({ 0: 'idle', 1: 'active' });

    session.receive({ type: 'forward' });
    expect(view.position).toBe(2);
    expect(cellsOf(zero)).toEqual(['1', null, null, null, '0', null, null, null, null]);
    expect(seatStates(view.value)).toEqual({ 0: 'active', 1: 'idle' });

    // A move made from there goes to the master, stale: refused, the client syncs back to the present, the timeline kept.
    zero.moves.clickCell(6);
    await until(() => cellsOf(zero)?.[8] === '0');
    expect(cellsOf(zero)).toEqual(['1', null, null, null, '0', null, null, null, '0']);
    expect([view.position, view.length]).toEqual([3, 3]);

    // Seat 1 moves while seat 0 looks back: seat 0's board and panel come to the present, one step longer.
    session.receive({ type: 'goto', position: 0 });
    expect(cellsOf(zero)).toEqual(Array(9).fill(null));
    await click(one, 2);
    expect([view.position, view.length]).toEqual([4, 4]);
    expect(cellsOf(zero)).toEqual(['1', null, '1', null, '0', null, null, null, '0']);
    expect(seatStates(view.value)).toEqual({ 0: 'active', 1: 'idle' });
    stop();
  });

  test('a reconnection adds the moves made meanwhile, replayed one step each; another history starts anew', async () => {
    const { game, multiplayer, zero, one, view, session, click, stop } = await match();
    const zeroElsewhere = new TurnchartClient({ game, multiplayer, matchID: 'm', playerID: '0' });
    zeroElsewhere.start();
    await click(zero, 4);
    zero.stop();
    const others = [one, zeroElsewhere];
    await click(one, 0, others);
    await click(zeroElsewhere, 8, others);
    await click(one, 2, others);
    zero.start();
    await until(() => view.length === 4);
    expect(view.position).toBe(4);
    expect(cellsOf(zero)).toEqual(['1', null, '1', null, '0', null, null, null, '0']);
    expect(view.entries.slice(2).map((entry) => entry.request)).toEqual([
      { type: 'move.clickCell', playerID: '1', args: [0] },
      { type: 'move.clickCell', playerID: '0', args: [8] },
      { type: 'move.clickCell', playerID: '1', args: [2] },
    ]);
    // The states in between were not sent: they are the replayed ones.
    session.receive({ type: 'goto', position: 3 });
    expect(cellsOf(zero)).toEqual(['1', null, null, null, '0', null, null, null, '0']);
    expect(seatStates(view.value)).toEqual({ 0: 'idle', 1: 'active' });

    // A sync whose log is not the timeline's (a match started over on the master): a new timeline, from its start.
    const fresh = zero.getInitialState()!;
    zero.store.dispatch(actions.sync({ state: fresh, log: [], initialState: fresh }));
    expect([view.position, view.length]).toEqual([0, 0]);
    expect(view.entries).toHaveLength(1);
    zeroElsewhere.stop();
    stop();
  });

  test('a panel opened on a match in progress starts at its beginning, one step per action of the log', async () => {
    const { game, multiplayer, zero, one, click, stop } = await match();
    await click(zero, 4);
    await click(one, 0);
    const late = await seatWithPanel(game, multiplayer, '1');
    expect([late.view.position, late.view.length]).toEqual([2, 2]);
    late.session.receive({ type: 'goto', position: 1 });
    expect(cellsOf(late.client)).toEqual([null, null, null, null, '0', null, null, null, null]);
    late.session.stop();
    late.client.stop();
    stop();
  });
});
