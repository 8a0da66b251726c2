/**
 * The realistic benchmark's warm-up and round size (bench/round-size.ts):
 * each engine warms up for the least rounds and the least time given,
 * alternating, and its rounds replay the recorded games as many times as it
 * takes to last the round's least time at its fastest warm-up speed.
 */
import { scheduleFromEnv, warmUp } from '../bench/round-size';

/** A fake replay: engine 0 takes `fast` ms a replay, engine 1 `slow`; the first replay of each is 3× slower. */
function fakeEngines(fast: number, slow: number) {
  const calls: number[] = [];
  const replay = (e: number) => {
    const first = !calls.includes(e);
    calls.push(e);
    const ms = e === 0 ? fast : slow;
    return [first ? 3 * ms : ms];
  };
  return { calls, replay };
}

test('each engine warms up for the least rounds and the least time, alternating while both do', () => {
  const { calls, replay } = fakeEngines(2, 20);
  const repeats = warmUp({ rounds: 9, warmupRounds: 2, warmupMs: 30, roundMs: 50 }, replay);
  // Engine 0 needs 6 + 2 × 12 ≥ 30 ms: 13 rounds; engine 1 its two rounds (60 + 20 ms), then it waits.
  expect(calls.filter((e) => e === 0)).toHaveLength(13);
  expect(calls.slice(0, 5)).toEqual([0, 1, 1, 0, 0]);
  expect(calls.filter((e) => e === 1)).toHaveLength(2);
  // Rounds sized by the fastest replay, not the cold first one: 50 / 2 and 50 / 20, rounded.
  expect(repeats).toEqual([25, 3]);
});

test('no warm-up asked: one replay a round', () => {
  const { calls, replay } = fakeEngines(2, 20);
  expect(warmUp({ rounds: 1, warmupRounds: 0, warmupMs: 0, roundMs: 50 }, replay)).toEqual([1, 1]);
  expect(calls).toEqual([]);
});

test('a replay longer than the round is one replay a round', () => {
  const { replay } = fakeEngines(80, 200);
  expect(warmUp({ rounds: 9, warmupRounds: 1, warmupMs: 0, roundMs: 50 }, replay)).toEqual([1, 1]);
});

test('the schedule reads BENCH_ROUNDS, BENCH_WARMUP_ROUNDS, BENCH_WARMUP_MS and BENCH_ROUND_MS', () => {
  expect(scheduleFromEnv({})).toEqual({ rounds: 9, warmupRounds: 2, warmupMs: 1000, roundMs: 50 });
  const env = { BENCH_ROUNDS: '15', BENCH_WARMUP_ROUNDS: '3', BENCH_WARMUP_MS: '0', BENCH_ROUND_MS: '100' };
  expect(scheduleFromEnv(env)).toEqual({ rounds: 15, warmupRounds: 3, warmupMs: 0, roundMs: 100 });
});
