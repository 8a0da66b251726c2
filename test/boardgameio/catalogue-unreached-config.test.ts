/**
 * A shape of issue 18's catalogue (see catalogue-shapes.test.ts): a config
 * mistake that play never reaches, on boardgame.io 0.50.2 and on turnchart
 * (turnchart/boardgameio and createGame). Through turnchart/legacy against
 * 0.49: test/legacy/catalogue-unreached-config.test.ts.
 */
import { createGame, GameConfigError } from 'turnchart';
import { ActionCreators, Client, CreateGameReducer, InitializeGame } from 'turnchart/boardgameio';
import { quiet } from '../support/quiet';
import { bgioInternal, captureConsole, expectSame, playBoth, type Act, gAndCtx } from './support';

const { makeMove } = ActionCreators;

describe('a config mistake that play never reaches: phases.gameEnd.next names no phase', () => {
  // A race to 3 points; the `gameEnd` phase is reached only when someone scores 3, and its `next` is misspelt.
  const game = () => ({
    seed: 'catalogue',
    setup: () => ({ score: [0, 0] }),
    moves: {
      score: ({ G, playerID }: any) => {
        G.score[Number(playerID)]++;
      },
    },
    phases: {
      race: { start: true, endIf: ({ G }: any) => G.score.some((s: number) => s >= 3), next: 'gameEnd' },
      gameEnd: { endIf: () => true, next: 'lobbby' },
    },
    turn: { minMoves: 1, maxMoves: 1 },
  });
  const warningOf = (spy: jest.SpyInstance) => spy.mock.calls.map((call) => call.join(' '));
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  test('turnchart/boardgameio runs it as boardgame.io does, after one warning naming the location', () => {
    const script: Act[] = [
      { move: 'score' },
      { move: 'score' },
      { event: 'endTurn' },
      { move: 'score' },
      { move: 'score' },
    ];
    expectSame(playBoth(game, script), script);
    const warnings = warningOf(warn);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('phases.gameEnd.next: names a phase that does not exist: "lobbby"');
    expect(warnings[0]).toContain('UNKNOWN_PHASE');
    expect(warnings[0]).toContain('strict: true');
  });

  test('warned once per game object, however many matches; InitializeGame / CreateGameReducer too', () => {
    const shared = game();
    Client({ game: shared, numPlayers: 2 });
    Client({ game: shared, numPlayers: 3 });
    InitializeGame({ game: shared, numPlayers: 2 });
    CreateGameReducer({ game: shared });
    expect(warningOf(warn)).toHaveLength(1);
    InitializeGame({ game: game(), numPlayers: 2 });
    expect(warningOf(warn)).toHaveLength(2);
  });

  test('reaching it: boardgame.io throws a TypeError out of its reducer; turnchart refuses the move with UNKNOWN_PHASE and nothing changes', () => {
    // Player 0 scores on each of their turns; the third point ends `race`, and `gameEnd` ends at once.
    const steps = [
      makeMove('score', [], '0'),
      makeMove('score', [], '1'),
      makeMove('score', [], '0'),
      makeMove('score', [], '1'),
    ];
    const reaching = makeMove('score', [], '0');
    const bgioGame = game();
    const ourGame = game();
    let b = bgioInternal.InitializeGame({ game: bgioGame, numPlayers: 2 });
    let t: any = InitializeGame({ game: ourGame, numPlayers: 2 });
    const bReducer = bgioInternal.CreateGameReducer({ game: bgioGame });
    const tReducer = CreateGameReducer({ game: ourGame });
    for (const action of steps) {
      b = bReducer(b, action);
      t = tReducer(t, action);
      expect(JSON.parse(JSON.stringify({ G: t.G, ctx: t.ctx }))).toEqual(
        JSON.parse(JSON.stringify({ G: b.G, ctx: b.ctx })),
      );
    }
    const before = t;
    expect(() => quiet(() => bReducer(b, reaching))).toThrow(TypeError);
    let after: any;
    const refused = captureConsole(() => (after = tReducer(t, reaching)));
    expect(after.transients?.error?.payload).toMatchObject({ code: 'UNKNOWN_PHASE', location: 'phases.gameEnd.next' });
    expect(refused).toEqual([
      expect.stringMatching(/^error ERROR: .*phases\.gameEnd\.next: there is no phase "lobbby"/),
    ]);
    expect({ G: after.G, ctx: after.ctx }).toEqual({ G: before.G, ctx: before.ctx });
  });

  test('strict: true makes it a GameConfigError at creation, with no warning', () => {
    for (const create of [
      () => Client({ game: game(), numPlayers: 2, strict: true }),
      () => InitializeGame({ game: game(), numPlayers: 2, strict: true }),
      () => CreateGameReducer({ game: game(), strict: true }),
    ]) {
      expect(create).toThrow(GameConfigError);
      expect(create).toThrow('phases.gameEnd.next: names a phase that does not exist: "lobbby"');
    }
    expect(warn).not.toHaveBeenCalled();
  });

  test('createGame is strict by default; with strict: false it warns once, plays as boardgame.io does and refuses when reached', () => {
    expect(() => createGame(game(), { numPlayers: 2 })).toThrow(GameConfigError);
    const ours = game();
    const script: Act[] = [{ move: 'score' }, { move: 'score' }, { move: 'score' }, { move: 'score' }];
    const traces = quiet(() => playBoth(game, script));
    const match = createGame(ours, { numPlayers: 2, strict: false });
    createGame(ours, { numPlayers: 2, strict: false });
    expect(warningOf(warn)).toHaveLength(1);
    const states = [JSON.parse(JSON.stringify(match.getState()))];
    for (const step of script) {
      expect(match.move((step as { move: 'score' }).move, [], match.getState().ctx.currentPlayer)).toEqual({
        ok: true,
      });
      states.push(JSON.parse(JSON.stringify(match.getState())));
    }
    expect(states).toEqual(gAndCtx(traces.bgio.states));
    const result = match.move('score', [], '0');
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_PHASE', location: 'phases.gameEnd.next' } });
    expect(JSON.parse(JSON.stringify(match.getState()))).toEqual(states.at(-1));
    // The same object, strict again: still refused at creation.
    expect(() => createGame(ours, { numPlayers: 2 })).toThrow(GameConfigError);
  });
});
