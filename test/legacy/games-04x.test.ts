/**
 * Two realistic games written against boardgame.io 0.4x (fixtures/), run
 * unchanged on turnchart through turnchart/legacy: a trick-taking card game
 * with bidding phases and stages, and a social-deduction game that labels
 * players with `setActivePlayers({ value })`. Each is played to the end by
 * bots that use the game's own `ai.enumerate`, and compared step by step with
 * boardgame.io 0.49.13.
 */
import * as legacy from 'turnchart/legacy';
import { Client, CreateGameReducer, enumerateActions, InitializeGame } from 'turnchart/legacy';
import { captureConsole, prng } from '../boardgameio/support';
import { HANDS, playable, SUITS, trickTaking } from './fixtures/trick-taking';
import { werewolf } from './fixtures/werewolf';
import { playout } from './support/playout';
import { compare, oldLibrary, oldMatch, turnchartMatch, type Fixture, type Step } from './support/releases';

/** Candidates from the game's `ai.enumerate`, for every player, on the old release's state. */
function enumerated(fixture: Fixture, numPlayers: number): (state: any) => Step[] {
  const { ai } = fixture(oldLibrary('0.49'));
  return (state) => {
    const out: Step[] = [];
    for (let p = 0; p < numPlayers; p++)
      for (const a of ai.enumerate(state.G, state.ctx, String(p))) out.push({ ...a, playerID: String(p) });
    return out;
  };
}

/** Play a game to its end with bots choosing among the legal actions (turnchart/legacy's reducer). */
function botGame(fixture: Fixture, numPlayers: number, seed: number) {
  const game = fixture(legacy);
  const reducer = CreateGameReducer({ game });
  let state: any = InitializeGame({ game, numPlayers });
  const random = prng(seed);
  const states = [state];
  for (let i = 0; i < 500 && state.ctx.gameover === undefined; i++) {
    const actions = Array.from({ length: numPlayers }, (_, p) =>
      enumerateActions(game, state, String(p), { legal: true }),
    ).flat();
    expect(actions.length).toBeGreaterThan(0);
    state = reducer(state, actions[Math.floor(random() * actions.length)]);
    expect(state.transients).toBeUndefined();
    states.push(state);
  }
  return states;
}

describe('a 0.4x trick-taking game: bidding, a trump stage and a discard stage, tricks', () => {
  test('bots play two hands to the end; every accepted action follows the rules', () => {
    const states = botGame(trickTaking, 4, 7);
    const last = states[states.length - 1];
    expect(last.ctx.gameover).toEqual({ winners: expect.any(Array), scores: last.G.scores });
    // Phases in order, hand after hand.
    const phases = states.map((s) => s.ctx.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['bid', 'exchange', 'play', 'bid', 'exchange', 'play', null]);
    // After the exchange everyone holds three cards; every hand has three tricks.
    const playStart = states.find((s) => s.ctx.phase === 'play')!;
    expect(Object.values(playStart.G.hands).map((h: any) => h.length)).toEqual([3, 3, 3, 3]);
    expect(last.G.history).toHaveLength(3 * HANDS);
    // Scores: 10 + bid for a bid made, minus the difference otherwise. The last hand's bids and
    // tricks stay in G (no new deal): the final scores are the first hand's plus the second's.
    const afterFirst = states.find((s) => s.G.hand === 2)!.G.scores;
    expect(Object.values(last.G.tricks).reduce((a: number, b: any) => a + b, 0)).toBe(3);
    for (const id of ['0', '1', '2', '3']) {
      const bid = last.G.bids[id];
      const took = last.G.tricks[id];
      expect(last.G.scores[id] - afterFirst[id]).toBe(took === bid ? 10 + bid : -Math.abs(took - bid));
    }
  });

  test('the stages: the declarer names trump in `trump`, then all four discard in `discard` (the `next` set)', () => {
    const states = botGame(trickTaking, 4, 11);
    const exchange = states.find((s) => s.ctx.phase === 'exchange')!;
    const declarer = exchange.G.declarer;
    expect(exchange.ctx).toMatchObject({
      currentPlayer: declarer,
      activePlayers: { [declarer]: 'trump' },
      _activePlayersMaxMoves: { [declarer]: 1 },
    });
    const discarding = states.find((s) => s.ctx.phase === 'exchange' && s.G.trump !== null)!;
    expect(discarding.ctx.activePlayers).toEqual({ 0: 'discard', 1: 'discard', 2: 'discard', 3: 'discard' });
    expect(SUITS).toContain(discarding.G.trump);
  });

  test('refusals: INVALID_MOVE for a bid out of range and for not following suit', () => {
    const match = turnchartMatch(trickTaking, 4, '0.4x');
    const before = match.state;
    match.apply({ move: 'bid', args: [9], playerID: '0' });
    expect(match.state.G).toBe(before.G);
    expect(match.state.transients?.error).toEqual({ type: 'action/invalid_move', payload: expect.anything() });
    // Find a player who holds the suit led, and try a card of another suit.
    const states = [3, 4, 5].flatMap((s) => botGame(trickTaking, 4, s));
    const second = states.find(
      (s) =>
        s.ctx.phase === 'play' &&
        s.G.trick.length > 0 &&
        playable(s.G, s.ctx.currentPlayer).length < s.G.hands[s.ctx.currentPlayer].length,
    );
    expect(second).toBeDefined();
    const reducer = CreateGameReducer({ game: trickTaking(legacy) });
    const offSuit = second.G.hands[second.ctx.currentPlayer].find(
      (card: string) => !playable(second.G, second.ctx.currentPlayer).includes(card),
    );
    let after: any;
    const printed = captureConsole(
      () =>
        (after = reducer(second, {
          type: 'MAKE_MOVE',
          payload: { type: 'playCard', args: [offSuit], playerID: second.ctx.currentPlayer },
        } as never)),
    );
    expect(printed).toEqual([`error ERROR: invalid move: playCard args: ${offSuit}`]);
    expect(after.G).toBe(second.G);
    expect(after.transients?.error?.type).toBe('action/invalid_move');
  });

  test("playerView(G, ctx, playerID): a client sees its own hand and the others' sizes", () => {
    const client = Client({ game: trickTaking(legacy), numPlayers: 4, playerID: '2' });
    const { G } = client.getState()!;
    expect(G.hands['2']).toHaveLength(4);
    expect(G.hands['0']).toBe(4);
    expect(captureConsole(() => client.moves.bid(2))).toEqual(['error ERROR: disallowed move: bid']); // not player 2's turn
    expect(client.getState()!.G.bids).toEqual({});
  });

  test('same G and ctx as boardgame.io 0.49.13, on bot playouts to the end', () => {
    let finished = 0;
    for (let s = 1; s <= 6; s++) {
      const result = playout({
        release: '0.49',
        fixture: trickTaking,
        numPlayers: 4,
        seed: s,
        steps: 200,
        candidates: enumerated(trickTaking, 4),
      });
      expect(result.mismatch).toBeUndefined();
      if (result.played < 200) finished++;
    }
    expect(finished).toBeGreaterThan(0);
  });
});

describe('a 0.4x social-deduction game: players labelled with setActivePlayers({ value })', () => {
  const step = (move: string, playerID: string, target: string): Step => ({ move, args: [target], playerID });

  test('night labels the wolf and the seer, day labels every living voter; the village wins', () => {
    const match = turnchartMatch(werewolf, 5, '0.4x');
    const { roles } = match.state.G;
    const holder = (role: string) => Object.keys(roles).find((id) => roles[id] === role)!;
    const wolf = holder('wolf');
    const seer = holder('seer');
    const villagers = Object.keys(roles).filter((id) => roles[id] === 'villager');
    // Night: only the wolf and the seer carry a label, which is their role (no stage is declared).
    expect(match.state.ctx.activePlayers).toEqual({ [wolf]: 'wolf', [seer]: 'seer' });
    const before = match.state;
    match.apply(step('kill', villagers[0], villagers[1])); // not a wolf: refused
    match.apply(step('peek', wolf, villagers[1])); // the wolf is not the seer
    expect(match.state.G).toBe(before.G);
    match.apply(step('kill', wolf, villagers[0]));
    match.apply(step('peek', seer, wolf));
    expect(match.state.G.dead).toEqual([villagers[0]]);
    expect(match.state.G.seen).toEqual({ [wolf]: 'wolf' });
    // Day: every living player votes once.
    expect(match.state.ctx).toMatchObject({ phase: 'day' });
    const living = ['0', '1', '2', '3', '4'].filter((id) => id !== villagers[0]);
    expect(match.state.ctx.activePlayers).toEqual(Object.fromEntries(living.map((id) => [id, 'voter'])));
    for (const id of living) match.apply(step('vote', id, id === wolf ? seer : wolf));
    expect(match.state.G.log).toEqual([`night: ${villagers[0]} was killed`, `day: ${wolf} was voted out`]);
    expect(match.state.ctx.gameover).toEqual({ winner: 'village' });
  });

  test('the same script on boardgame.io 0.49.13 gives the same G and ctx', () => {
    const old = oldMatch('0.49', werewolf, 5);
    const ours = turnchartMatch(werewolf, 5, '0.4x');
    expect(ours.state.G).toEqual(old.state.G); // the same seed deals the same roles
    const random = prng(5);
    const next = enumerated(werewolf, 5);
    for (let i = 0; i < 60 && old.state.ctx.gameover === undefined; i++) {
      const options = next(old.state);
      const action = options[Math.floor(random() * options.length)];
      old.apply(action);
      ours.apply(action);
      const c = compare(old.state, ours.state);
      expect(c.G.turnchart).toEqual(c.G.old);
      expect(c.ctx.turnchart).toEqual(c.ctx.old);
      expect(c.fields.length).toBeGreaterThanOrEqual(13);
    }
    expect(ours.state.ctx.gameover).toBeDefined();
  });

  test('bots play it to the end with enumerateActions; random playouts agree with 0.49.13', () => {
    for (const s of [1, 2, 3])
      expect(botGame(werewolf, 5, s).pop().ctx.gameover).toEqual({ winner: expect.stringMatching(/^(village|wolf)$/) });
    for (let s = 1; s <= 8; s++) {
      const result = playout({
        release: '0.49',
        fixture: werewolf,
        numPlayers: 5,
        seed: s,
        steps: 80,
        candidates: enumerated(werewolf, 5),
      });
      expect(result.mismatch).toBeUndefined();
    }
  });

  test('the labels are stages no config declares: the chart keeps those seats in `active`', () => {
    const client = Client({ game: werewolf(legacy), numPlayers: 5 });
    const { ctx } = client.getState()!;
    const value = client.chart().getSnapshot().value as any;
    const seats = value.phases.night.turn;
    for (const [id, label] of Object.entries(ctx.activePlayers!)) {
      expect(label).toMatch(/^(wolf|seer)$/);
      expect(seats[`player${id}`]).toBe('active');
    }
  });
});
