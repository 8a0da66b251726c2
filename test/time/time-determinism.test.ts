/**
 * Time is state: the same requests at the same times give the same matches,
 * byte for byte, on fresh game objects; a match persisted and restored goes
 * on identically; and a run of timeouts at one time always ends (every
 * deadline a request sets lies after its time). Played by a seeded random
 * driver over a game with every kind of limit and a clock.
 */
import {
  createGame,
  legalRequests,
  nextDeadline,
  type Game,
  type RequestEvent,
  type TimeoutRequest,
  type TurnchartContext,
  type TurnchartGame,
} from 'turnchart';
import { prng } from '../boardgameio/support';

interface G {
  log: string[];
}

const blitz = (): Game<G> => ({
  setup: () => ({ log: [] }),
  moves: {
    play: ({ G, playerID }) => void G.log.push(`play${playerID}`),
    call: ({ events }) => events.setActivePlayers({ others: 'answer' }),
  },
  clock: { initial: 40_000, increment: 1_000, onTimeout: ({ G, playerID }) => void G.log.push(`zombie${playerID}`) },
  phases: {
    opening: {
      start: true,
      next: 'middle',
      time: { limit: 90_000 },
      turn: { time: { limit: 20_000 }, maxMoves: 2 },
    },
    middle: {
      endIf: ({ G }) => G.log.length > 40,
      turn: {
        time: {
          limit: 15_000,
          onTimeout: ({ G, playerID, events }) => (G.log.push(`auto${playerID}`), events.endTurn()),
        },
        stages: {
          answer: {
            moves: { play: ({ G, playerID }) => void G.log.push(`answer${playerID}`) },
            time: { limit: 5_000 },
          },
        },
      },
    },
  },
});

type Sent = RequestEvent | TimeoutRequest;

/** Plays `steps` requests at random times; returns what was sent and the JSON state after each. */
function play(seed: number, steps: number): { sent: Sent[]; states: string[] } {
  const random = prng(seed);
  const game = blitz();
  let now = 1_000;
  const match = createGame(game, { numPlayers: 3, seed, now: () => now });
  const sent: Sent[] = [];
  const states = [JSON.stringify(match.getState())];
  let timeoutsInARow = 0;
  for (let i = 0; i < steps && match.getState().ctx.gameover === undefined; i++) {
    now += Math.floor(random() * 12_000);
    const { ctx } = match.getState();
    const next = nextDeadline(ctx);
    let request: Sent;
    if (next !== undefined && next.at <= now && random() < 0.7) {
      request = { type: 'timeout', now };
    } else {
      const seat = String(Math.floor(random() * 3));
      const legal = legalRequests(game, contextOf(match), seat);
      if (legal.length === 0) continue;
      request = { ...legal[Math.floor(random() * legal.length)], now };
    }
    const result = match.request(request);
    if (!result.ok) {
      expect(['TIME_UP', 'NO_DEADLINE_PASSED']).toContain(result.error.code);
      continue;
    }
    sent.push(request);
    states.push(JSON.stringify(match.getState()));
    const after = match.getState().ctx;
    if (request.type === 'timeout') {
      timeoutsInARow++;
      expect(timeoutsInARow).toBeLessThan(20);
    } else {
      timeoutsInARow = 0;
      // A request accepted in time leaves every deadline in the future.
      const upcoming = nextDeadline(after);
      if (upcoming) expect(upcoming.at).toBeGreaterThan(after.time!.at);
    }
  }
  return { sent, states };
}

/** The match as the engine holds it (G, ctx, PRNG state, stateID). */
function contextOf(match: TurnchartGame): TurnchartContext {
  return (match.getPersistedSnapshot() as unknown as { context: TurnchartContext }).context;
}

/** Replays the requests on a fresh game object; the JSON state after each. */
function replay(seed: number, sent: Sent[], from?: { snapshot: unknown; k: number }): string[] {
  const match = from
    ? createGame(blitz(), { numPlayers: 3, snapshot: from.snapshot as any })
    : createGame(blitz(), { numPlayers: 3, seed, now: () => 1_000 });
  const states = from ? [] : [JSON.stringify(match.getState())];
  for (const request of sent.slice(from?.k ?? 0)) {
    expect(match.request(request)).toEqual({ ok: true });
    states.push(JSON.stringify(match.getState()));
  }
  return states;
}

test.each([1, 2, 3, 4, 5, 6])('same requests at the same times give the same matches (seed %i)', (seed) => {
  const { sent, states } = play(seed, 150);
  expect(sent.filter((r) => r.type === 'timeout').length).toBeGreaterThan(0);
  expect(sent.filter((r) => r.type !== 'timeout').length).toBeGreaterThan(10);
  expect(replay(seed, sent)).toEqual(states);
});

test('a persisted match restores and goes on identically', () => {
  const seed = 7;
  const { sent, states } = play(seed, 120);
  const k = Math.floor(sent.length / 2);
  const match = createGame(blitz(), { numPlayers: 3, seed, now: () => 1_000 });
  for (const request of sent.slice(0, k)) match.request(request);
  const snapshot = JSON.parse(JSON.stringify(match.getPersistedSnapshot()));
  expect(replay(seed, sent, { snapshot, k })).toEqual(states.slice(k + 1));
});
