/**
 * The legacy options the seeds do not show (fixtures/options.ts): 0.2x flow
 * options against boardgame.io 0.29.2; the 0.3x/0.4x calling convention and
 * long-form moves against 0.39.16 and 0.49.13; undo and log redaction through
 * turnchart/legacy's client and reducer.
 */
import * as legacy from 'turnchart/legacy';
import { Client, CreateGameReducer, InitializeGame } from 'turnchart/legacy';
import { captureConsole } from '../boardgameio/support';
import { flowOptions, moveOptions } from './fixtures/options';
import { candidates, playout } from './support/playout';
import { compare, oldMatch, turnchartMatch, userG, type Release, type Step } from './support/releases';

const move = (name: string, playerID: string, ...args: unknown[]): Step => ({ move: name, args, playerID });
const event = (name: string, playerID: string, ...args: unknown[]): Step => ({ event: name, args, playerID });

describe('0.2x flow options', () => {
  const game = [
    move('score', '0'),
    move('score', '0'), // movesPerTurn 2 ends the turn
    move('score', '1'),
    event('endTurn', '1'), // refused: one move short
    move('note', '1'),
    move('score', '2'),
    move('score', '2'),
    move('score', '0'), // 3 points: skip phase (SKIP)
    move('passTurn', '0'),
    event('endTurn', '0'),
    move('passTurn', '1'),
    event('endTurn', '1'),
    move('score', '2'),
    event('endTurn', '2'), // player 2 has not passed: SKIP comes back to 2
    move('passTurn', '2'),
    event('endTurn', '2'), // all passed: everyone (ANY_ONCE)
    move('score', '1'),
    move('score', '1'),
    move('note', '0'),
    move('score', '2'), // one move each, then the game ends
  ];

  test('movesPerTurn, SKIP with Pass, ANY_ONCE and endGameIf, step by step as on boardgame.io 0.29.2', () => {
    const old = oldMatch('0.29', flowOptions, 3);
    const ours = turnchartMatch(flowOptions, 3, '0.2x');
    for (const step of game) {
      old.apply(step);
      ours.apply(step);
      const c = compare(old.state, ours.state, old.state.ctx.gameover === undefined ? ['turn'] : ['turn', 'phase']);
      expect(c.G.turnchart).toEqual(c.G.old);
      expect(c.ctx.turnchart).toEqual(c.ctx.old);
    }
    expect(ours.state.ctx.gameover).toEqual({ points: { 0: 3, 1: 2, 2: 4 } });
    expect(userG(ours.state.G)).toMatchObject({ passOrder: ['0', '1', '2'], allPassed: true, noted: 2, final: true });
  });

  test('same G and ctx as 0.29.2 on random playouts', () => {
    const base = candidates({
      numPlayers: 3,
      moves: { score: [[]], passTurn: [[]], note: [[]] },
      events: { endTurn: [[]], endPhase: [[]], endGame: [[]] },
    });
    let changed = 0;
    for (let s = 1; s <= 10; s++) {
      const result = playout({
        release: '0.29',
        fixture: flowOptions,
        numPlayers: 3,
        seed: s,
        steps: 50,
        ignore: ['turn'],
        ignoreAtGameover: ['phase'],
        // In ANY_ONCE, 0.29 keeps the pruned action players across endTurn and ends the game without onPhaseEnd (docs/legacy.md).
        candidates: (state) =>
          base(state).filter(
            (c) => !(state.ctx.phase === 'everyone' && (c.event === 'endTurn' || c.event === 'endGame')),
          ),
      });
      expect(result.mismatch).toBeUndefined();
      changed += result.changed;
    }
    expect(changed).toBeGreaterThan(40);
  });

  test('undoableMoves and redactedMoves: score can be undone, note cannot; note is redacted in the log', () => {
    const client = Client({ game: flowOptions(legacy), numPlayers: 3 });
    client.moves.score();
    client.undo();
    expect(client.getState()!.G.points['0']).toBe(0);
    client.moves.note();
    expect(captureConsole(() => client.undo())).toEqual(['error ERROR: Move cannot be undone']);
    expect(client.getState()!.G.noted).toBe(1);
    const noted = client
      .getState()!
      .log.find((entry) => entry.action.type === 'MAKE_MOVE' && entry.action.payload.type === 'note');
    expect(noted?.redact).toBe(true);
  });

  test('events: endGame enabled by the flag; only the current player may call events', () => {
    const client = Client({ game: flowOptions(legacy), numPlayers: 3, playerID: '1' });
    expect(Object.keys(client.events).sort()).toEqual(['endGame', 'endPhase', 'endTurn']);
    expect(captureConsole(() => client.events.endGame!())).toEqual(['error ERROR: disallowed event: endGame']);
    expect(client.getState()!.ctx.gameover).toBeUndefined();
    client.updatePlayerID('0');
    client.events.endGame!({ winner: '0' });
    expect(client.getState()!.ctx.gameover).toEqual({ winner: '0' });
    const reducer = CreateGameReducer({ game: flowOptions(legacy) });
    const start = InitializeGame({ game: flowOptions(legacy), numPlayers: 3 });
    let refused: any;
    const printed = captureConsole(
      () => (refused = reducer(start, { type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: '2' } })),
    );
    expect(printed).toEqual(['error ERROR: disallowed event: endTurn']);
    expect(refused.transients?.error?.type).toBe('action/inactive_player');
    expect(refused.ctx).toBe(start.ctx);
  });

  test("the client's events stay in the game's generation after its match or credentials change", () => {
    const client = Client({ game: flowOptions(legacy), numPlayers: 3, playerID: '1' });
    client.updateMatchID('another');
    client.updateCredentials('secret');
    expect(Object.keys(client.events).sort()).toEqual(['endGame', 'endPhase', 'endTurn']);
    expect(captureConsole(() => client.events.endGame!())).toEqual(['error ERROR: disallowed event: endGame']);
    client.updatePlayerID('0');
    client.events.endGame!({ winner: '0' });
    expect(client.getState()!.ctx.gameover).toEqual({ winner: '0' });
  });
});

describe('0.3x / 0.4x calling convention and long-form moves', () => {
  test('setup(ctx, setupData) with ctx.random; moves see ctx.playerID, ctx.events, ctx.random', () => {
    const match = turnchartMatch(moveOptions, 3, '0.4x', { target: 2 });
    expect(match.state.G).toMatchObject({ target: 2, rolls: [], hidden: expect.any(Number) });
    match.apply(move('roll', '0'));
    match.apply(move('challenge', '0')); // setActivePlayers({ others: 'respond', moveLimit: 1 })
    expect(match.state.ctx).toMatchObject({
      activePlayers: { 1: 'respond', 2: 'respond' },
      _activePlayersMaxMoves: { 1: 1, 2: 1 },
    });
    match.apply(move('answer', '2', 7));
    match.apply(move('answer', '1', 'seven')); // INVALID_MOVE: nothing changes
    match.apply(move('answer', '1', 8));
    expect(match.state.G.answers).toEqual(['2:7', '1:8']);
    expect(match.state.ctx.activePlayers).toBeNull();
  });

  test('turn moveLimit is a minimum and a maximum; noLimit moves do not count; setStage({ stage, moveLimit })', () => {
    const match = turnchartMatch(moveOptions, 3, '0.4x');
    match.apply(move('peek', '0'));
    match.apply(event('endTurn', '0')); // refused: no counted move yet
    expect(match.state.ctx).toMatchObject({ currentPlayer: '0', numMoves: 0 });
    match.apply(move('focus', '0')); // the current player enters `focused` for two moves
    expect(match.state.ctx).toMatchObject({ activePlayers: { 0: 'focused' }, _activePlayersMaxMoves: { 0: 2 } });
    match.apply(move('think', '0'));
    match.apply(move('think', '0')); // third counted move: the turn ends
    expect(match.state.ctx).toMatchObject({ currentPlayer: '1', turn: 2 });
    expect(match.state.G).toMatchObject({ peeks: 1, answers: ['0:think', '0:think'], turns: 2 });
  });

  test('undoable (G, ctx) and redact (G, ctx), through the client; playerView(G, ctx, playerID)', () => {
    const client = Client({ game: moveOptions(legacy), numPlayers: 3, playerID: '0' });
    client.moves.roll();
    client.undo();
    expect(client.getState()!.G.rolls).toEqual([]);
    client.moves.roll();
    client.moves.roll();
    expect(captureConsole(() => client.undo())).toEqual(['error ERROR: Move cannot be undone']); // two rolls: no longer undoable
    expect(client.getState()!.G.rolls).toHaveLength(2);
    const rolls = client.getState()!.log.filter((entry) => entry.action.type === 'MAKE_MOVE');
    expect(rolls.map((entry) => Boolean(entry.redact))).toEqual([false, false, true]);
    expect(client.getState()!.G.hidden).toEqual(expect.any(Number));
    client.updatePlayerID('1');
    expect(client.getState()!.G.hidden).toBeNull();
  });

  test("the same log and undo answers as boardgame.io 0.49.13's reducer", () => {
    const old = oldMatch('0.49', moveOptions, 3);
    const ours = turnchartMatch(moveOptions, 3, '0.4x');
    const actions: any[] = [
      move('roll', '0'),
      move('roll', '0'),
      { type: 'UNDO', payload: { type: null, args: null, playerID: '0' } },
      move('roll', '0'),
    ];
    for (const action of actions) {
      old.apply(action);
      ours.apply(action);
      expect(ours.state.G).toEqual(old.state.G);
      expect((ours.state.deltalog ?? []).map((entry: any) => Boolean(entry.redact))).toEqual(
        (old.state.deltalog ?? []).map((entry: any) => Boolean(entry.redact)),
      );
    }
    expect(ours.state.ctx.gameover).toEqual(old.state.ctx.gameover);
  });

  test.each(['0.39', '0.49'] as Release[])('same G and ctx as %s on random playouts', (release) => {
    let changed = 0;
    let stale = 0;
    for (let s = 1; s <= 10; s++) {
      const result = playout({
        release,
        fixture: moveOptions,
        numPlayers: 3,
        seed: s,
        steps: 50,
        candidates: candidates({
          numPlayers: 3,
          moves: { roll: [[]], peek: [[]], challenge: [[]], focus: [[]], answer: [[1], ['x']], think: [[]] },
          events: { endTurn: [[]], endStage: [[]] },
        }),
      });
      changed += result.changed;
      if (!result.mismatch) continue;
      // Documented difference (0.3x only): a stage event queued by a move that ended the turn (moveLimit)
      // still applies in the next turn on 0.39; 0.4x and turnchart drop it with the turn it was called in.
      const { old, turnchart } = result.mismatch.states;
      expect(release).toBe('0.39');
      expect(result.mismatch.action.move).toMatch(/^(focus|challenge)$/);
      expect(turnchart.ctx.turn).toBe(old.ctx.turn);
      expect(turnchart.ctx.activePlayers).toBeNull();
      expect(old.ctx.activePlayers).not.toBeNull();
      stale++;
    }
    expect(changed).toBeGreaterThan(50);
    expect(stale).toBe(release === '0.39' ? 2 : 0);
  });
});
