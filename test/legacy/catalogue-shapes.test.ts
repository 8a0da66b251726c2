/**
 * Shapes found in published boardgame.io 0.49 games (issue 18's catalogue)
 * that turnchart/legacy refused or played differently, each as a minimal
 * game file run on the old release and on turnchart/legacy with the same
 * actions, comparing G and every shared ctx field after every step
 * (support/releases.ts). The same shapes on 0.50.2 through
 * turnchart/boardgameio are in test/boardgameio/catalogue-shapes.test.ts.
 */
import { createRequire } from 'node:module';
import * as legacy from 'turnchart/legacy';
import { EVENT_NAMED_MOVES_SCRIPT } from '../support/catalogue-scripts';
import { type Fixture, type Step, lockstep } from './support/releases';

describe('a move named like a flow event (pass, endTurn, endGame), at the top level and in a phase', () => {
  // A 0.4x game file: a bidding phase where the move `pass` records a pass and ends the turn, a move
  // `endTurn` that does not end the turn, and a scoring phase with moves `endGame` and `pass`.
  const fixture: Fixture = () => ({
    setup: () => ({ passes: [], calls: 0, endGames: 0 }),
    moves: {
      pass: (G: any, ctx: any) => {
        G.passes.push(ctx.playerID);
        ctx.events.endTurn();
      },
      endTurn: (G: any) => {
        G.calls++;
      },
    },
    phases: {
      bidding: { start: true, endIf: (G: any) => G.passes.length >= 3, next: 'scoring' },
      scoring: {
        moves: {
          endGame: (G: any) => {
            G.endGames++;
          },
          pass: (G: any, ctx: any) => {
            G.passes.push(`scoring ${ctx.playerID}`);
          },
        },
      },
    },
  });
  const steps: Step[] = EVENT_NAMED_MOVES_SCRIPT;

  test('boardgame.io 0.49.13 and turnchart/legacy agree after every step', () => {
    const states = lockstep('0.49', fixture, steps);
    expect([states[1].G.calls, states[1].ctx.turn, states[2].ctx.turn]).toEqual([1, 1, 2]);
    expect([states[3].G.passes, states[4].G.passes, states[4].ctx.turn]).toEqual([['1'], ['1'], 4]);
    expect([states[7].ctx.phase, states[7].G.endGames, states[7].ctx.gameover]).toEqual(['scoring', 1, undefined]);
    expect(states[11].ctx.gameover).toBeDefined();
  });

  test("turnchart/legacy's client has the move and the event under the same name", () => {
    const client = legacy.Client({ game: fixture(legacy), numPlayers: 2 });
    client.moves.endTurn();
    expect([client.getState()!.G.calls, client.getState()!.ctx.turn]).toEqual([1, 1]);
    client.events.endTurn!();
    client.moves.pass();
    expect([client.getState()!.G.passes, client.getState()!.ctx.turn]).toEqual([['1'], 3]);
    client.events.pass!();
    expect([client.getState()!.G.passes, client.getState()!.ctx.turn]).toEqual([['1'], 4]);
  });

  test('a 0.2x game with a `pass` move (boardgame.io 0.2x had no pass event) runs', () => {
    const game = legacy.Game({
      setup: () => ({ passed: 0 }),
      moves: { pass: (G: any) => ({ ...G, passed: G.passed + 1 }) },
    });
    const client = legacy.Client({ game, numPlayers: 2 });
    client.moves.pass();
    expect(client.getState()!.G).toEqual({ passed: 1 });
    expect(client.events.pass).toBeUndefined();
  });
});

describe('ActivePlayers presets imported from turnchart/legacy, in a game that passes no api', () => {
  // Everyone votes once at the start of a turn (ALL_ONCE); a move calls the others to vote once (OTHERS_ONCE).
  const fixture: Fixture = (lib) => ({
    setup: () => ({ votes: [] }),
    moves: {
      vote: (G: any, ctx: any) => {
        G.votes.push(ctx.playerID);
      },
      callVote: (G: any, ctx: any) => {
        ctx.events.setActivePlayers(lib.ActivePlayers.OTHERS_ONCE);
      },
    },
    turn: { activePlayers: lib.ActivePlayers.ALL_ONCE },
  });
  const steps: Step[] = [
    // Before a move: 0.49 refuses (minMoves 1), 0.39 lets the player leave.
    { event: 'endStage', playerID: '1' },
    { move: 'vote', playerID: '1' },
    { move: 'vote', playerID: '0' },
    { move: 'vote', playerID: '2' },
    { move: 'callVote', playerID: '0' },
    { event: 'endStage', playerID: '2' },
    { move: 'vote', playerID: '2' },
    { move: 'vote', playerID: '1' },
    { event: 'endTurn', playerID: '0' },
    { event: 'endStage', playerID: '0' },
  ];

  test('are read as 0.4x: ALL_ONCE and OTHERS_ONCE keep minMoves 1, as on boardgame.io 0.49.13', () => {
    expect(legacy.detectLegacyApi(fixture(legacy))).toBe('0.4x');
    const states = lockstep('0.49', fixture, steps, { numPlayers: 3 });
    expect(states[1].ctx.activePlayers).toEqual({ 0: null, 1: null, 2: null });
    expect(states[1].ctx._activePlayersMinMoves).toEqual({ 0: 1, 1: 1, 2: 1 });
    expect(states[6].ctx.activePlayers).toEqual({ 1: null, 2: null });
    expect(states[10].ctx.activePlayers).toEqual({ 0: null, 1: null, 2: null });
  });

  test("with api: '0.3x' they are 0.39's (moveLimit 1, no minimum), as on boardgame.io 0.39.16", () => {
    const states = lockstep('0.39', fixture, steps, { numPlayers: 3, api: '0.3x' });
    expect(states[1].ctx.activePlayers).toEqual({ 0: null, 2: null });
    expect(states[1].ctx._activePlayersMinMoves).toBeNull();
  });

  test('do not decide the generation: the rest of the game does', () => {
    const { ActivePlayers, detectLegacyApi } = legacy;
    expect(detectLegacyApi({ turn: { activePlayers: ActivePlayers.ALL_ONCE } })).toBe('0.4x');
    expect(
      detectLegacyApi({
        phases: { vote: { turn: { activePlayers: { ...ActivePlayers.OTHERS, next: ActivePlayers.OTHERS_ONCE } } } },
      }),
    ).toBe('0.4x');
    expect(detectLegacyApi({ turn: { activePlayers: ActivePlayers.ALL_ONCE, moveLimit: 1 } })).toBe('0.3x');
    expect(
      detectLegacyApi({
        turn: { activePlayers: ActivePlayers.OTHERS_ONCE },
        phases: { p: { turn: { activePlayers: { all: true } } } },
      }),
    ).toBe('0.3x');
  });
});

describe('a move that builds a nested Client with numPlayers from its argument: "2" (a string)', () => {
  const oldClient = createRequire(__filename)('boardgame.io-0.49/client').Client;
  // A 0.4x game's AI helper: it plays a scratch match with the library's Client and keeps the outcome.
  // The scratch game reads ctx.numPlayers as published games do: an array of that "length", a count left.
  const fixture: Fixture = (lib) => {
    const NestedClient = lib === legacy ? legacy.Client : oldClient;
    const scratch = () => ({
      seed: 'scratch',
      setup: (ctx: any) => ({ n: 0, slots: new Array(ctx.numPlayers).length, left: 12 - ctx.numPlayers }),
      moves: { add: (G: any, ctx: any) => void (G.n += Number(ctx.playerID) + 1) },
    });
    return {
      seed: 'catalogue',
      setup: () => ({ simulated: null }),
      moves: {
        simulate: (G: any, _ctx: any, numPlayers: unknown) => {
          const inner = NestedClient({ game: scratch(), numPlayers });
          inner.start();
          inner.moves.add();
          inner.events.endTurn();
          inner.moves.add();
          const { G: innerG, ctx } = inner.getState();
          G.simulated = {
            G: innerG,
            numPlayers: ctx.numPlayers,
            playOrder: ctx.playOrder,
            currentPlayer: ctx.currentPlayer,
            turn: ctx.turn,
          };
          inner.stop();
        },
      },
    };
  };

  test('works on boardgame.io 0.49.13 and on turnchart/legacy, with the same G and ctx after every step', () => {
    const steps = [{ move: 'simulate', args: ['2'] }, { event: 'endTurn' }, { move: 'simulate', args: ['3'] }];
    const states = lockstep('0.49', fixture, steps);
    expect(states[1].G.simulated).toEqual({
      G: { n: 3, slots: 1, left: 10 },
      numPlayers: '2',
      playOrder: ['0', '1'],
      currentPlayer: '1',
      turn: 2,
    });
    expect(states[3].G.simulated.playOrder).toEqual(['0', '1', '2']);
  });
});
