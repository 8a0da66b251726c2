/**
 * Seeded PRNG whose state is plain data kept in the snapshot. The generator is
 * Johannes Baagøe's Alea, the algorithm boardgame.io uses, so that the same seed
 * gives the same dice on both engines.
 */
import type { RandomAPI } from './types';

export interface PrngState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/** What the snapshot stores: the seed, and the generator state once it has been used. */
export interface RandomState {
  seed: string | number;
  prngstate?: PrngState;
}

function createMash(): (data: string | number) => number {
  let n = 0xefc8249d;
  return (data) => {
    const text = String(data);
    for (let i = 0; i < text.length; i++) {
      n += text.charCodeAt(i);
      let h = 0.02519603282416938 * n;
      n = h >>> 0;
      h -= n;
      h *= n;
      n = h >>> 0;
      h -= n;
      n += h * 0x100000000;
    }
    return (n >>> 0) * 2.3283064365386963e-10;
  };
}

function seedState(seed: string | number): PrngState {
  const mash = createMash();
  const state: PrngState = { c: 1, s0: mash(' '), s1: mash(' '), s2: mash(' ') };
  for (const key of ['s0', 's1', 's2'] as const) {
    state[key] -= mash(seed);
    if (state[key] < 0) state[key] += 1;
  }
  return state;
}

/** A random source for the duration of one action; `state` is committed if the action succeeds. */
export class RandomSource {
  state: RandomState;
  constructor(state: RandomState) {
    this.state = state;
  }

  /** One step of Alea: the number in [0, 1); the next state is a new object (earlier states belong to snapshots). */
  next(): number {
    // boardgame.io re-seeds with '' once a generator state exists; the state then wins anyway.
    const current = this.state.prngstate ?? seedState(this.state.seed);
    const t = 2091639 * current.s0 + current.c * 2.3283064365386963e-10;
    const c = Math.trunc(t);
    const value = t - c;
    // A literal, not a spread of the last state: V8 copies a spread object's spread on a slow path.
    this.state = { seed: this.state.seed, prngstate: { c, s0: current.s1, s1: current.s2, s2: value } };
    return value;
  }

  api(): RandomAPI {
    return (this.apiObject ??= randomFunctions(() => this));
  }

  private apiObject: RandomAPI | undefined;
}

/**
 * boardgame.io's random API: an object of plain functions over the source
 * `sourceOf` gives when called, so game code may also destructure it
 * (`const { D6 } = random`).
 */
export function randomFunctions(sourceOf: () => RandomSource): RandomAPI {
  return {
    D4: (count?: number) => roll(sourceOf(), 4, count),
    D6: (count?: number) => roll(sourceOf(), 6, count),
    D8: (count?: number) => roll(sourceOf(), 8, count),
    D10: (count?: number) => roll(sourceOf(), 10, count),
    D12: (count?: number) => roll(sourceOf(), 12, count),
    D20: (count?: number) => roll(sourceOf(), 20, count),
    Die: (spots = 6, count?: number) => roll(sourceOf(), spots, count),
    Number: () => sourceOf().next(),
    Shuffle: <T>(deck: T[]): T[] => shuffle(sourceOf(), deck),
  } as RandomAPI;
}

function roll(source: RandomSource, spots: number, count?: number): number | number[] {
  if (count === undefined) return Math.floor(source.next() * spots) + 1;
  return Array.from({ length: count }, () => Math.floor(source.next() * spots) + 1);
}

function shuffle<T>(source: RandomSource, deck: T[]): T[] {
  const pool = [...deck];
  const out: T[] = new Array(deck.length);
  let remaining = deck.length;
  let at = 0;
  while (remaining) {
    const pick = Math.trunc(remaining * source.next());
    out[at++] = pool[pick];
    pool[pick] = pool[--remaining];
  }
  return out;
}

/** A seed when the caller gives none, as boardgame.io makes one. */
export function makeSeed(): string {
  return Date.now().toString(36).slice(-10);
}
