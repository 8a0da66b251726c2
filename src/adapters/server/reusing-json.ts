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

/**
 * An object whose text was at least this long is written from its parts the
 * next time it changes (so the parts that did not change are reused); a
 * shorter one is written by JSON.stringify, which is faster than composing
 * small texts.
 */
const COMPOSE_MIN = 1024;
/** Deeper than this (or a cycle), JSON.stringify takes over, and throws on a cycle as it does. */
const MAX_DEPTH = 64;

/** What the last call wrote for an object at one place in the value: its text, and its parts' when it was composed. */
interface Written {
  value: object;
  text: string | undefined;
  parts: Map<string, Written> | undefined;
}

/** JSON text that an encoder writes as it is (see socket-parser.ts). */
export class PreEncoded {
  constructor(readonly json: string) {}
}

const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === Array.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
};

/** The text of a value in an array (`null` where JSON.stringify writes null), or undefined for a value JSON.stringify leaves out of objects. */
function primitiveText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return JSON.stringify(value);
  return value === null ? 'null' : undefined;
}

export class ReusingJson {
  private last: Written | undefined;

  /** `composeMin`: see COMPOSE_MIN (the tests lower it to compose everything). */
  constructor(private readonly composeMin = COMPOSE_MIN) {}

  /** `JSON.stringify(value)` as an element of an array (`null` for undefined), reusing the text of the objects the last call wrote at the same places. */
  stringify(value: unknown): string {
    if (value === null || typeof value !== 'object') return primitiveText(value) ?? 'null';
    this.last = this.write(value, this.last, 0);
    return this.last.text ?? 'null';
  }

  private write(value: object, last: Written | undefined, depth: number): Written {
    if (last !== undefined && last.value === value) return last;
    // (A `toJSON` may return undefined: JSON.stringify then gives no text, and the key is left out.)
    const compose =
      last !== undefined && (last.text?.length ?? 0) >= this.composeMin && depth <= MAX_DEPTH && isPlain(value);
    if (!compose) return { value, text: JSON.stringify(value) as string | undefined, parts: undefined };
    const parts = new Map<string, Written>();
    const part = (key: string, item: unknown): string | undefined => {
      if (item === null || typeof item !== 'object') return primitiveText(item);
      const written = this.write(item, last.parts?.get(key), depth + 1);
      parts.set(key, written);
      return written.text;
    };
    let text: string;
    if (Array.isArray(value)) {
      text = '[';
      for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + (part(String(i), value[i]) ?? 'null');
      text += ']';
    } else {
      text = '{';
      for (const key of Object.keys(value)) {
        const item = part(key, (value as Record<string, unknown>)[key]);
        if (item !== undefined) text += (text.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + item;
      }
      text += '}';
    }
    return { value, text, parts };
  }
}
