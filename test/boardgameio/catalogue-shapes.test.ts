/**
 * Shapes found in published boardgame.io games (issue 18's catalogue) that
 * turnchart refused or played differently, each as a minimal game run on
 * boardgame.io 0.50.2's client and on turnchart (turnchart/boardgameio's
 * client, and createGame where it applies), comparing G and ctx after every
 * step. The same shapes through turnchart/legacy against 0.49 are in
 * test/legacy/catalogue-shapes.test.ts.
 */
import { createRequire } from 'node:module';
import { createGame } from 'turnchart';
import { Client, InitializeGame } from 'turnchart/boardgameio';
import { allowedActionsOf } from '../../src/adapters/qa/allowed-actions';
import { playerChoices, Stepper } from 'turnchart/qa';
import { EVENT_NAMED_MOVES_SCRIPT } from '../support/catalogue-scripts';
import { quiet } from '../support/quiet';
import { expectSame, makeClient, play, playBoth, type Act, gAndCtx, onCreateGame } from './support';

describe('a move named like a flow event (pass, endTurn, endGame), at the top level and in a phase', () => {
  // A bidding phase where players pass (the move records the pass and ends the turn), and a
  // move called endTurn that does not end the turn; a scoring phase with its own endGame and pass.
  const game = () => ({
    seed: 'catalogue',
    setup: () => ({ passes: [] as string[], calls: 0, endGames: 0 }),
    moves: {
      pass: ({ G, playerID, events }: any) => {
        G.passes.push(playerID);
        events.endTurn();
      },
      endTurn: ({ G }: any) => {
        G.calls++;
      },
    },
    phases: {
      bidding: { start: true, endIf: ({ G }: any) => G.passes.length >= 3, next: 'scoring' },
      scoring: {
        moves: {
          endGame: ({ G }: any) => {
            G.endGames++;
          },
          pass: ({ G, playerID }: any) => {
            G.passes.push(`scoring ${playerID}`);
          },
        },
      },
    },
  });
  const script: Act[] = EVENT_NAMED_MOVES_SCRIPT;

  test('boardgame.io 0.50.2 and turnchart/boardgameio: client.moves.pass and client.events.pass are different things', () => {
    const traces = playBoth(game, script);
    expectSame(traces, script);
    const states = traces.turnchart.states;
    // The move endTurn changes G and keeps the turn; the event ends it.
    expect([states[1].G.calls, states[1].ctx.turn, states[2].ctx.turn]).toEqual([1, 1, 2]);
    // The move pass records a pass (and ends the turn itself); the event pass only ends the turn.
    expect([states[3].G.passes, states[3].ctx.turn]).toEqual([['1'], 3]);
    expect([states[4].G.passes, states[4].ctx.turn]).toEqual([['1'], 4]);
    expect(states[6].ctx.phase).toBe('scoring');
    // The scoring phase's move endGame does not end the game; the event does.
    expect([states[7].G.endGames, states[7].ctx.gameover]).toEqual([1, undefined]);
    expect(traces.turnchart.output[9]).toEqual(['error ERROR: disallowed move: endTurn']);
    expect(states[11].ctx.gameover).toBe(true);
  });

  test('createGame: move("pass") and event("pass") each do what boardgame.io does, and the chart agrees with ctx', () => {
    const traces = quiet(() => playBoth(game, script));
    const { states } = onCreateGame(game(), script);
    expect(states).toEqual(gAndCtx(traces.bgio.states));
  });

  test('the chart has both the move event and the flow event; the inspector, the qa candidates and the CLI stepper list both', () => {
    const match = createGame(game(), { numPlayers: 2, seed: 'catalogue' });
    const events = match.machine.events;
    for (const type of ['pass', 'endTurn', 'endGame', 'move.pass', 'move.endTurn', 'move.endGame'])
      expect(events).toContain(type);
    const snapshot = match.actor.getSnapshot();
    const { context } = snapshot;
    const listed = allowedActionsOf(game(), snapshot, '0').map((action) => action.type);
    expect(listed).toEqual(expect.arrayContaining(['move.pass', 'move.endTurn', 'pass', 'endTurn']));
    const choices = playerChoices(game(), context, '0').accepted.map(({ request }) => request.type);
    expect(choices).toEqual(expect.arrayContaining(['move.pass', 'move.endTurn', 'pass', 'endTurn']));
    // The CLI's `turnchart step`: the move and the event are two numbered entries that do different things.
    const stepper = new Stepper({ game: game(), numPlayers: 2, seed: 'catalogue', writeFile: () => undefined });
    const view = stepper.start();
    const numberOf = (label: string) =>
      view
        .split('\n')
        .find((line) => line.trim().replace(/^\d+\s+/, '') === label)!
        .trim()
        .split(/\s+/)[0];
    const move = stepper.input(numberOf('move.endTurn'));
    expect(move).toMatch(/^0 move\.endTurn: accepted\n/);
    expect(move).toContain('G.calls: 0 → 1');
    expect(move).not.toContain('ctx.turn');
    const event = stepper.input(numberOf('endTurn'));
    expect(event).toMatch(/^0 endTurn: accepted\n/);
    expect(event).toContain('ctx.turn: 1 → 2');
  });
});

describe('a move that builds a nested Client with numPlayers: "2" (a string)', () => {
  const bgioClient = createRequire(__filename)('boardgame.io/client').Client;
  // An AI helper in a published game: it plays a few actions of a scratch match and keeps the outcome.
  const game = (lib: any) => {
    const NestedClient = lib.Client ?? bgioClient;
    const scratch = () => ({
      seed: 'scratch',
      setup: () => ({ n: 0 }),
      moves: { add: ({ G, playerID }: any) => void (G.n += Number(playerID) + 1) },
    });
    return {
      seed: 'catalogue',
      setup: () => ({ simulated: null }),
      moves: {
        simulate: ({ G }: any) => {
          const inner = NestedClient({ game: scratch(), numPlayers: '2' });
          inner.start();
          inner.moves.add();
          inner.events.endTurn();
          inner.moves.add();
          inner.events.endTurn();
          const { G: innerG, ctx } = inner.getState();
          G.simulated = { G: innerG, playOrder: ctx.playOrder, currentPlayer: ctx.currentPlayer, turn: ctx.turn };
          inner.stop();
        },
      },
    };
  };

  test('works on boardgame.io 0.50.2 and on turnchart/boardgameio, with the same G and ctx after every step', () => {
    const script: Act[] = [{ move: 'simulate' }, { event: 'endTurn' }, { move: 'simulate' }];
    const traces = playBoth(game, script);
    expectSame(traces, script);
    expect(traces.turnchart.states[1].G.simulated).toEqual({
      G: { n: 3 },
      playOrder: ['0', '1'],
      currentPlayer: '0',
      turn: 3,
    });
  });

  test('both keep ctx.numPlayers as the string given, with the same seats', () => {
    const b = bgioClient({ game: { seed: 's' }, numPlayers: '3' }).getState().ctx;
    const t = Client({ game: { seed: 's' }, numPlayers: '3' as unknown as number }).getState()!.ctx;
    expect(b.numPlayers).toBe('3');
    expect(t).toEqual(JSON.parse(JSON.stringify(b)));
    expect(InitializeGame({ game: {}, numPlayers: '2' as unknown as number }).ctx.playOrder).toEqual(['0', '1']);
  });

  test('what is not a count of seats is a RangeError (boardgame.io builds a damaged game from it)', () => {
    expect(quiet(() => bgioClient({ game: {}, numPlayers: 'two' }).getState().ctx.currentPlayer)).toBe('undefined');
    for (const numPlayers of ['two', '2.5', ' 2', '0', 2.5, -1]) {
      expect(() => Client({ game: {}, numPlayers: numPlayers as number })).toThrow(RangeError);
      expect(() => InitializeGame({ game: {}, numPlayers: numPlayers as number })).toThrow(
        /numPlayers must be a positive integer/,
      );
    }
    // turnchart's own API takes a number.
    expect(() => createGame({}, { numPlayers: '2' as unknown as number })).toThrow(RangeError);
  });
});

describe('setActivePlayers with a player listed but given no stage ({ value: { 0: undefined } })', () => {
  // Night phase of a deduction game: each player with a role acts in its role's stage; the map is built
  // from a lookup, so a player without a role is listed with `undefined`.
  const game = () => ({
    seed: 'catalogue',
    setup: () => ({ roles: { 0: 'wolf', 1: 'seer' } as Record<string, string>, acted: [] as string[] }),
    moves: {
      night: ({ G, ctx, events }: any) => {
        events.setActivePlayers({ value: Object.fromEntries(ctx.playOrder.map((id: string) => [id, G.roles[id]])) });
      },
      retire: ({ G, playerID }: any) => {
        delete G.roles[playerID];
      },
      act: ({ G, playerID }: any) => {
        G.acted.push(playerID);
      },
    },
    turn: {
      stages: {
        wolf: { moves: { act: ({ G, playerID }: any) => void G.acted.push(`wolf ${playerID}`) } },
        seer: { moves: {} },
      },
    },
  });

  test('both engines agree while every listed player has a stage; then boardgame.io skips the player and turnchart refuses the move (INVALID_STAGE)', () => {
    const agreed: Act[] = [
      { move: 'night' },
      { as: '0', move: 'act' },
      { as: '1', event: 'endStage' },
      { as: '0', event: 'endStage' },
      { as: '0', move: 'retire' },
    ];
    const traces = playBoth(game, agreed, { playerID: '0' });
    expectSame(traces, agreed);
    expect(traces.turnchart.states[1].ctx.activePlayers).toEqual({ 0: 'wolf', 1: 'seer' });
    expect(traces.turnchart.states.at(-1).G.roles).toEqual({ 1: 'seer' });
    // Player 0 has no role now: the next night lists them with undefined.
    const script: Act[] = [...agreed, { as: '0', move: 'night' }];
    const b = play(makeClient('bgio', game, { playerID: '0' }), script);
    const t = play(makeClient('turnchart', game, { playerID: '0' }), script);
    expect(t.states.slice(0, -1)).toEqual(b.states.slice(0, -1));
    expect(b.states.at(-1).ctx.activePlayers).toEqual({ 1: 'seer' });
    expect(b.output.at(-1)).toEqual([]);
    expect(t.output.at(-1)).toEqual([
      expect.stringMatching(/^error ERROR: .*setActivePlayers\.value\.0: undefined is not a stage name/),
    ]);
    expect({ G: t.states.at(-1).G, ctx: t.states.at(-1).ctx }).toEqual({
      G: t.states.at(-2).G,
      ctx: t.states.at(-2).ctx,
    });
  });
});
