/**
 * A short, stable fingerprint of a game's chart: the xstate machine's
 * resolved definition (states, transitions, guards with their parameters) as
 * JSON, functions left out, hashed. Two builds of the same config for the same
 * number of seats share it; any change to phases, stages, moves' names, events
 * or seats changes it. What moves and hooks *do* is code, not chart: a trace's
 * recorded states catch that.
 */
import type { GameMachine } from '../../machines';

const cache = new WeakMap<GameMachine, string>();

/** JSON with object keys in a fixed order and functions dropped. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'function') return undefined;
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

/** 64-bit FNV-1a over UTF-16 code units, as 16 hex digits (two 32-bit halves; no BigInt needed). */
export function fnv1a64(text: string): string {
  // The 64-bit FNV offset basis and prime, split in 16-bit limbs for exact 32-bit arithmetic.
  let h0 = 0x2325,
    h1 = 0x8422,
    h2 = 0x9ce4,
    h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    // multiply by 0x100000001b3 = 2^40 + 0x1b3
    const t0 = h0 * 0x1b3,
      t1 = h1 * 0x1b3,
      t2 = h2 * 0x1b3,
      t3 = h3 * 0x1b3;
    const s0 = t0;
    const s1 = t1 + (s0 >>> 16);
    const s2 = t2 + (s1 >>> 16) + (h0 << 8);
    const s3 = t3 + (s2 >>> 16) + (h1 << 8);
    h0 = s0 & 0xffff;
    h1 = s1 & 0xffff;
    h2 = s2 & 0xffff;
    h3 = s3 & 0xffff;
  }
  const hex = (limb: number) => limb.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}

/** The fingerprint of a machine's definition (cached per machine). */
export function machineHash(machine: GameMachine): string {
  let hash = cache.get(machine);
  if (hash === undefined) cache.set(machine, (hash = fnv1a64(stableJson(machine.definition))));
  return hash;
}
