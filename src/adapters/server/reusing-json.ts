/**
 * JSON text of a match's successive states, reusing what did not change.
 * A state after an action shares most of its objects with the state before
 * it (drafts copy only what a move changed), so the text of each object
 * that is still there is taken from the last encoding instead of being
 * written again. Encoding each update was a tenth of a served action; on
 * the served benchmark's states this takes 7 µs instead of JSON.stringify's
 * 14. Objects are recognized by identity, which is sound because states
 * are never changed in place (moves change drafts; turnchart never mutates
 * G), and only an object's own place in the last state is looked at.
 * The output is JSON.stringify's, byte for byte, for the plain data
 * boardgame.io states are; anything else (class instances, `toJSON`) is
 * handed to JSON.stringify whole.
 */
import { isPlain } from './plain-json';

/**
 * An object whose text was at least this long is written from its parts the
 * next time it changes (so the parts that did not change are reused); a
 * shorter one is written by JSON.stringify, which is faster than composing
 * small texts.
 */
const COMPOSE_MIN = 1024;
/** Deeper than this (or a cycle), JSON.stringify takes over, and throws on a cycle as it does. */
const MAX_DEPTH = 64;

/**
 * What the last call wrote for an object at one place in the value: its
 * text and, when it was composed, its members' (in order; undefined for a
 * primitive) and, for an object, its keys and their texts (arrays rather
 * than a Map per object, and key texts written once).
 */
interface Written {
  value: object;
  text: string | undefined;
  members: (Written | undefined)[] | undefined;
  keys: string[] | undefined;
  keyTexts: string[] | undefined;
}

/** JSON text that an encoder writes as it is (see socket-parser.ts). */
export class PreEncoded {
  constructor(readonly json: string) {}
}

/** The text of a value in an array (`null` where JSON.stringify writes null), or undefined for a value JSON.stringify leaves out of objects. */
function primitiveText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return JSON.stringify(value);
  return value === null ? 'null' : undefined;
}

/** The last keys' texts when an object has the same keys in the same order (the common case), else undefined. */
function sameKeyTexts(keys: string[], last: Written): string[] | undefined {
  const lastKeys = last.keys;
  if (lastKeys === undefined || lastKeys.length !== keys.length) return undefined;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== lastKeys[i]) return undefined;
  return last.keyTexts;
}

/** The member the last writing had under `key`, when the keys moved. */
function lastMember(last: Written, key: string): Written | undefined {
  const at = last.keys?.indexOf(key) ?? -1;
  return at < 0 ? undefined : last.members?.[at];
}

export class ReusingJson {
  private last: Written | undefined;
  /**
   * What this call composed, by identity: an object at two places (G in a
   * state and in its undo entry) is written once. With the arrays above, an
   * update of the served benchmark took 9.3–9.8 µs instead of 15–16, a
   * stored state 10 instead of 11.5–12 (one process, the same states).
   */
  private readonly composed = new Map<object, Written>();

  /** `composeMin`: see COMPOSE_MIN (the tests lower it to compose everything). */
  constructor(private readonly composeMin = COMPOSE_MIN) {}

  /** `JSON.stringify(value)` as an element of an array (`null` for undefined), reusing the text of the objects the last call wrote at the same places. */
  stringify(value: unknown): string {
    if (value === null || typeof value !== 'object') return primitiveText(value) ?? 'null';
    this.last = this.write(value, this.last, 0);
    this.composed.clear();
    return this.last.text ?? 'null';
  }

  private write(value: object, last: Written | undefined, depth: number): Written {
    if (last !== undefined && last.value === value) return last;
    const seen = this.composed.get(value);
    if (seen !== undefined) return seen;
    // (A `toJSON` may return undefined: JSON.stringify then gives no text, and the key is left out.)
    const compose =
      last !== undefined && (last.text?.length ?? 0) >= this.composeMin && depth <= MAX_DEPTH && isPlain(value);
    if (!compose)
      return { value, text: JSON.stringify(value), members: undefined, keys: undefined, keyTexts: undefined };
    const written = Array.isArray(value) ? this.writeArray(value, last, depth) : this.writeObject(value, last, depth);
    this.composed.set(value, written);
    return written;
  }

  /** A member's writing (undefined for a primitive) and its text. */
  private member(item: unknown, last: Written | undefined, depth: number): [Written | undefined, string | undefined] {
    if (item === null || typeof item !== 'object') return [undefined, primitiveText(item)];
    const written = this.write(item, last, depth + 1);
    return [written, written.text];
  }

  private writeArray(value: unknown[], last: Written, depth: number): Written {
    const members: (Written | undefined)[] = new Array(value.length);
    const lastMembers = last.keys === undefined ? last.members : undefined;
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      const [written, itemText] = this.member(value[i], lastMembers?.[i], depth);
      members[i] = written;
      text += (i === 0 ? '' : ',') + (itemText ?? 'null');
    }
    return { value, text: text + ']', members, keys: undefined, keyTexts: undefined };
  }

  private writeObject(value: object, last: Written, depth: number): Written {
    const keys = Object.keys(value);
    const lastKeyTexts = sameKeyTexts(keys, last);
    const keyTexts = lastKeyTexts ?? keys.map((key) => JSON.stringify(key) + ':');
    const members: (Written | undefined)[] = new Array(keys.length);
    let text = '{';
    for (let i = 0; i < keys.length; i++) {
      const before = lastKeyTexts !== undefined ? last.members?.[i] : lastMember(last, keys[i]);
      const [written, itemText] = this.member((value as Record<string, unknown>)[keys[i]], before, depth);
      members[i] = written;
      if (itemText !== undefined) text += (text.length === 1 ? '' : ',') + keyTexts[i] + itemText;
    }
    return { value, text: text + '}', members, keys, keyTexts };
  }
}
