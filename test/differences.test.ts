/**
 * Every intended difference from boardgame.io 0.50.2 listed in
 * docs/differences.md, shown on its smallest game, run on both engines.
 * If boardgame.io's behaviour here ever matched turnchart's, the entry in
 * docs/differences.md would be wrong; these tests would then fail.
 */
import { createRequire } from 'node:module';
import { createGame, GameConfigError } from 'turnchart';
import { Client, InitializeGame } from 'turnchart/boardgameio';
import { quiet } from './support/quiet';

const require_ = createRequire(__filename);
const bgio = require_('boardgame.io/internal');

function bgioMatch(game: any, numPlayers = 2) {
  let state = quiet(() => bgio.InitializeGame({ game, numPlayers }));
  const reducer = bgio.CreateGameReducer({ game });
  return {
    get state() {
      return state;
    },
    move(type: string, playerID: string, args: unknown[] = []) {
      state = quiet(() => reducer(state, { type: 'MAKE_MOVE', payload: { type, args, playerID } }));
    },
    event(type: string, playerID: string, args: unknown[] = []) {
      state = quiet(() => reducer(state, { type: 'GAME_EVENT', payload: { type, args, playerID } }));
    },
  };
}

describe('docs/differences.md', () => {
  test('1. turn.activePlayers with revert: boardgame.io crashes at construction, turnchart starts', () => {
    const game = () => ({ turn: { activePlayers: { all: 's1', revert: true }, stages: { s1: {} } } });
    expect(() => quiet(() => bgio.InitializeGame({ game: game(), numPlayers: 2 }))).toThrow(/not iterable/);
    const match = createGame(game(), { numPlayers: 2 });
    expect(match.getState().ctx.activePlayers).toEqual({ 0: 's1', 1: 's1' });
  });

  test('2. a start that ends turns forever: boardgame.io silently drops the events, turnchart refuses to start', () => {
    const game = () => ({ turn: { onBegin: ({ events }: any) => events.endTurn() } });
    const b = quiet(() => bgio.InitializeGame({ game: game(), numPlayers: 2 }));
    expect(b.ctx.turn).toBe(1);
    expect(() => createGame(game(), { numPlayers: 2 })).toThrow(/could not start.*turns ended/);
  });

  test('3. a refused action leaves nothing behind (boardgame.io keeps a move count it made in place)', () => {
    const game = () => ({
      moves: { loop: ({ events }: any) => events.endTurn() },
      turn: {
        activePlayers: { all: null },
        onBegin: ({ G, ctx, events }: any) => (ctx.turn > 1 ? events.endTurn() : G),
      },
    });
    const b = bgioMatch(game());
    b.move('loop', '1');
    expect(b.state.transients?.error?.type).toBe('action/plugin_invalid');
    expect(b.state.ctx._activePlayersNumMoves).toEqual({ 0: 0, 1: 1 });
    const t = createGame(game(), { numPlayers: 2 });
    const result = t.move('loop', [], '1');
    expect(result).toMatchObject({ ok: false, error: { code: 'FLOW_LOOP' } });
    expect(t.getState().ctx._activePlayersNumMoves).toEqual({ 0: 0, 1: 0 });
  });

  test('4. a revert that restores an emptied set: boardgame.io locks the game with {}, turnchart uses null', () => {
    // The `next` set is entered with revert: true while the set is already empty,
    // so it saves {} and later reverts to it.
    const game = () => ({
      moves: {
        go: ({ events }: any) =>
          events.setActivePlayers({
            value: { 1: 'a' },
            maxMoves: 1,
            next: { value: { 1: 'b' }, maxMoves: 1, revert: true },
          }),
        act: () => undefined,
      },
      turn: { stages: { a: { moves: { act: () => undefined } }, b: { moves: { act: () => undefined } } } },
    });
    const b = bgioMatch(game());
    const t = createGame(game(), { numPlayers: 2 });
    b.move('go', '0');
    t.move('go', [], '0');
    b.move('act', '1');
    t.move('act', [], '1');
    b.move('act', '1');
    t.move('act', [], '1');
    expect(b.state.ctx.activePlayers).toEqual({});
    expect(t.getState().ctx.activePlayers).toBeNull();
    // On boardgame.io nobody can end the turn now; on turnchart the current player can.
    b.event('endTurn', '0');
    expect(b.state.ctx.turn).toBe(1);
    expect(t.event('endTurn', undefined, '0')).toEqual({ ok: true });
    expect(t.getState().ctx.turn).toBe(2);
  });

  test('5. endTurn({ next }) naming a player outside playOrder is rejected (boardgame.io sets playOrderPos -1)', () => {
    const game = () => ({
      turn: {
        order: { playOrder: () => ['0', '1'], first: () => 0, next: ({ ctx }: any) => (ctx.playOrderPos + 1) % 2 },
      },
    });
    const b = bgioMatch(game(), 3);
    b.event('endTurn', '0', [{ next: '2' }]);
    expect(b.state.ctx.playOrderPos).toBe(-1);
    const t = createGame(game(), { numPlayers: 3 });
    expect(t.event('endTurn', { next: '2' }, '0')).toMatchObject({ ok: false, error: { code: 'INVALID_NEXT_PLAYER' } });
    expect(t.getState().ctx.playOrderPos).toBe(0);
  });

  test('6. setPhase to an unknown phase is rejected (boardgame.io ends the turn and the phase and leaves phase null)', () => {
    const game = () => ({ phases: { A: { start: true } } });
    const b = bgioMatch(game());
    b.event('setPhase', '0', ['nope']);
    expect(b.state.ctx.phase).toBeNull();
    const t = createGame(game(), { numPlayers: 2 });
    expect(t.event('setPhase', 'nope', '0')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_PHASE' } });
    expect(t.getState().ctx.phase).toBe('A');
  });

  test('7. hostile names and malformed arguments are rejected instead of throwing or being stored', () => {
    const game = () => ({ phases: { A: { start: true } } });
    const b = bgioMatch(game());
    expect(() =>
      quiet(() =>
        bgio.CreateGameReducer({ game: game() })(b.state, {
          type: 'GAME_EVENT',
          payload: { type: 'setPhase', args: ['__proto__'], playerID: '0' },
        }),
      ),
    ).toThrow(TypeError);
    expect(() =>
      quiet(() =>
        bgio.CreateGameReducer({ game: game() })(b.state, {
          type: 'GAME_EVENT',
          payload: { type: 'setActivePlayers', args: [null], playerID: '0' },
        }),
      ),
    ).toThrow(TypeError);
    const t = createGame(game(), { numPlayers: 2 });
    expect(t.event('setPhase', '__proto__', '0')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_PHASE' } });
    expect(t.event('setPhase', ['A'], '0')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_PHASE' } });
    expect(t.event('setActivePlayers', null, '0')).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(t.event('setStage', '__proto__', '0')).toMatchObject({ ok: false, error: { code: 'INVALID_STAGE' } });
    expect(t.event('setActivePlayers', { value: { 5: null } }, '0')).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_SEAT' },
    });
  });

  test('8. setPhase from turn.onEnd into a phase that ends at once: boardgame.io hangs, turnchart stops with FLOW_LOOP', () => {
    // Not run on boardgame.io: it never returns (bgio-quirks 1).
    const t = createGame(
      {
        phases: { A: { start: true, endIf: () => true, next: 'A' } },
        turn: { onEnd: ({ events }: any) => events.setPhase('A') },
      } as any,
      { numPlayers: 2 },
    );
    const before = t.getState();
    const result = t.event('endTurn', undefined, '0');
    expect(result).toMatchObject({ ok: false, error: { code: 'FLOW_LOOP' } });
    expect(t.getState()).toEqual(before);
  });

  test('9. a direct endTurn refused by minMoves is reported (boardgame.io accepts it as a no-op)', () => {
    const game = () => ({ moves: { m: () => undefined }, turn: { minMoves: 1 } });
    const b = bgioMatch(game());
    b.event('endTurn', '0');
    expect(b.state.transients).toBeUndefined();
    expect(b.state._stateID).toBe(1);
    const t = createGame(game(), { numPlayers: 2 });
    expect(t.event('endTurn', undefined, '0')).toMatchObject({ ok: false, error: { code: 'MIN_MOVES_TURN' } });
  });

  test('10. config errors are found at creation, with their location', () => {
    expect(() => createGame({ phases: { A: { start: true }, B: { start: true } } }, { numPlayers: 2 })).toThrow(
      /phases\.B/,
    );
    expect(() => createGame({ turn: { stages: { s: { next: 't' } } } }, { numPlayers: 2 })).toThrow(
      /turn\.stages\.s\.next/,
    );
    // boardgame.io accepts it and picks the last start.
    expect(() =>
      quiet(() => bgio.InitializeGame({ game: { phases: { A: { start: true }, B: { start: true } } }, numPlayers: 2 })),
    ).not.toThrow();
  });

  test('11. a phase next naming no phase: boardgame.io throws when play reaches it; createGame refuses it at creation, or with strict: false refuses the request that reaches it', () => {
    const game = () => ({ phases: { A: { start: true, next: 'B' } } });
    const b = bgioMatch(game());
    expect(() =>
      quiet(() =>
        bgio.CreateGameReducer({ game: game() })(b.state, {
          type: 'GAME_EVENT',
          payload: { type: 'endPhase', args: [], playerID: '0' },
        }),
      ),
    ).toThrow(TypeError);
    expect(() => createGame(game(), { numPlayers: 2 })).toThrow(GameConfigError);
    const t = quiet(() => createGame(game(), { numPlayers: 2, strict: false }));
    expect(t.event('endPhase', undefined, '0')).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_PHASE', location: 'phases.A.next' },
    });
    expect(t.getState().ctx.phase).toBe('A');
  });
});

describe('docs/differences.md, continued', () => {
  test('12. setActivePlayers naming a player without a stage: boardgame.io skips the player, turnchart refuses with INVALID_STAGE', () => {
    const game = () => ({
      moves: { label: ({ events }: any) => events.setActivePlayers({ value: { 1: undefined } }) },
      turn: { activePlayers: { all: null } },
    });
    const b = bgioMatch(game());
    b.move('label', '0');
    expect(b.state.ctx.activePlayers).toBeNull();
    const t = createGame(game(), { numPlayers: 2 });
    const before = t.getState();
    expect(t.move('label', [], '0')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_STAGE', message: expect.stringContaining('setActivePlayers.value.1') },
    });
    expect(t.getState()).toEqual(before);
  });
});

describe('docs/differences.md, also different', () => {
  test('numPlayers "0": boardgame.io starts a match with no seats, turnchart/boardgameio refuses it', () => {
    const game = () => ({ setup: () => ({ moves: 0 }), moves: { go: ({ G }: any) => void G.moves++ } });
    const b = quiet(() => bgio.InitializeGame({ game: game(), numPlayers: '0' }));
    expect(b.ctx).toMatchObject({ numPlayers: '0', playOrder: [], currentPlayer: 'undefined' });
    expect(() => Client({ game: game(), numPlayers: '0' as unknown as number })).toThrow(RangeError);
    expect(() => InitializeGame({ game: game(), numPlayers: '0' as unknown as number })).toThrow(RangeError);
  });

  test('a random kept from an earlier action and called in a later move: boardgame.io rolls on the old action, turnchart on the current one', () => {
    const game = () => {
      let kept: any;
      return {
        seed: 'kept',
        setup: () => ({}),
        moves: {
          keep: ({ random }: any) => void (kept = random),
          use: ({ G, random }: any) => {
            G.stale = kept.Number();
            G.own = random.Number();
          },
        },
      };
    };
    const b = bgioMatch(game());
    b.move('keep', '0');
    b.move('use', '0');
    // boardgame.io: the kept object rolls on the first action's state, which the second action's starts from.
    expect(b.state.G.stale).toBe(b.state.G.own);
    const t = createGame(game(), { numPlayers: 2, seed: 'kept' });
    t.move('keep', [], '0');
    t.move('use', [], '0');
    const G = t.getState().G as { stale: number; own: number };
    expect(G.stale).toBe(b.state.G.stale);
    expect(G.own).not.toBe(G.stale);
  });
});

describe('boardgame.io behaviour kept on purpose', () => {
  test('events queued after endGame(false) still run, as in boardgame.io (its plugin tests gameover for truthiness)', () => {
    const game = () => ({
      moves: {
        finish: ({ events }: any) => {
          events.endGame(false);
          events.endTurn();
        },
      },
    });
    const b = bgioMatch(game());
    b.move('finish', '0');
    const t = createGame(game(), { numPlayers: 2 });
    expect(t.move('finish', [], '0')).toEqual({ ok: true });
    expect(t.getState().ctx).toEqual(JSON.parse(JSON.stringify(b.state.ctx)));
    expect(t.getState().ctx).toMatchObject({ gameover: false, turn: 2, currentPlayer: '1' });
    expect(t.getStateValue()).toBe('gameover');
  });
});
