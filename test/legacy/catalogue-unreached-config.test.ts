/**
 * A shape of issue 18's catalogue (see catalogue-shapes.test.ts): a config
 * mistake that play never reaches, on boardgame.io 0.49.13 and on
 * turnchart/legacy. On 0.50.2 through turnchart/boardgameio:
 * test/boardgameio/catalogue-unreached-config.test.ts.
 */
import { createGame, GameConfigError } from 'turnchart';
import * as legacy from 'turnchart/legacy';
import { oldMatch, turnchartMatch, type Fixture, type Step, lockstep } from './support/releases';

describe('a config mistake that play never reaches: phases.gameEnd.next names no phase', () => {
  // A 0.4x race to 3 points; the `gameEnd` phase is reached only when someone scores 3, and its `next` is misspelt.
  const fixture: Fixture = () => ({
    setup: () => ({ score: [0, 0] }),
    moves: {
      score: (G: any, ctx: any) => {
        G.score[Number(ctx.playerID)]++;
      },
    },
    phases: {
      race: { start: true, endIf: (G: any) => G.score.some((s: number) => s >= 3), next: 'gameEnd' },
      gameEnd: { endIf: () => true, next: 'lobbby' },
    },
    turn: { moveLimit: 1 },
  });
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  test('boardgame.io 0.49.13 and turnchart/legacy agree until it is reached; turnchart/legacy warned once, naming the location', () => {
    lockstep('0.49', fixture, [{ move: 'score' }, { move: 'score' }, { event: 'endTurn' }, { move: 'score' }]);
    // (lockstep silences the console: the old releases print their refusals.)
    const game = fixture(legacy);
    legacy.Client({ game, numPlayers: 2 });
    legacy.InitializeGame({ game, numPlayers: 2 });
    legacy.CreateGameReducer({ game });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0].join(' ')).toContain('phases.gameEnd.next: names a phase that does not exist: "lobbby"');
  });

  test('reaching it: 0.49 throws a TypeError out of its reducer; turnchart/legacy refuses with UNKNOWN_PHASE and nothing changes', () => {
    const steps: Step[] = [0, 1, 0, 1].map((seat) => ({ move: 'score', playerID: String(seat) }));
    lockstep('0.49', fixture, steps);
    const old = oldMatch('0.49', fixture, 2);
    const ours = turnchartMatch(fixture, 2);
    for (const step of steps) {
      old.apply(step);
      ours.apply(step);
    }
    const before = ours.state;
    expect(() => old.apply({ move: 'score', playerID: '0' })).toThrow(TypeError);
    ours.apply({ move: 'score', playerID: '0' });
    expect(ours.state.transients.error.payload).toMatchObject({
      code: 'UNKNOWN_PHASE',
      location: 'phases.gameEnd.next',
    });
    expect({ G: ours.state.G, ctx: ours.state.ctx }).toEqual({ G: before.G, ctx: before.ctx });
  });

  test('strict: true makes it an error at creation; createGame is strict unless told otherwise', () => {
    expect(() => legacy.Client({ game: fixture(legacy), strict: true })).toThrow(GameConfigError);
    expect(() => legacy.InitializeGame({ game: fixture(legacy), strict: true })).toThrow(
      'phases.gameEnd.next: names a phase that does not exist',
    );
    expect(() => legacy.CreateGameReducer({ game: fixture(legacy), strict: true })).toThrow(GameConfigError);
    expect(() => createGame(legacy.fromLegacyGame(fixture(legacy)), { numPlayers: 2 })).toThrow(GameConfigError);
    expect(warn).not.toHaveBeenCalled();
    expect(
      createGame(legacy.fromLegacyGame(fixture(legacy)), { numPlayers: 2, strict: false }).getState().ctx.phase,
    ).toBe('race');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test('a 0.2x game: the warning names the 0.2x path; strict: true is a LegacyGameError there; reaching it is refused', () => {
    const config = () => ({
      setup: () => ({ n: 0 }),
      moves: { add: (G: any) => ({ n: G.n + 1 }) },
      flow: {
        startingPhase: 'main',
        phases: { main: { endPhaseIf: (G: any) => G.n >= 2, next: 'ending' }, ending: { next: 'nowhere' } },
      },
    });
    const game = legacy.Game(config());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0].join(' ')).toContain(
      'flow.phases.ending.next: names a phase that does not exist: "nowhere"',
    );
    legacy.Client({ game, numPlayers: 2 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(() => legacy.Client({ game, strict: true })).toThrow(legacy.LegacyGameError);
    expect(() => legacy.fromLegacyGame(config(), { strict: true })).toThrow(
      'flow.phases.ending.next: names a phase that does not exist',
    );
    const match = createGame(game, { numPlayers: 2 });
    expect(match.move('add', [], '0')).toEqual({ ok: true });
    expect(match.move('add', [], '0')).toEqual({ ok: true });
    expect(match.getState().ctx.phase).toBe('ending');
    expect(match.event('endPhase', undefined, '0')).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_PHASE', location: 'phases.ending.next' },
    });
  });
});
