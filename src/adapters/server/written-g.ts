/**
 * An action's G written as JSON once: the store writes the state that holds
 * it, then the transport writes the update that holds it, and G is most of
 * both texts. The store leaves the text here (`writtenG`), the transport
 * takes it (`takeWrittenG`); a G no store wrote (the memory store's, another
 * instance's) the transport writes itself.
 * Kept only from the one to the other, by G's identity: turnchart never
 * changes a G once an action made it.
 */
import { randomBytes } from 'node:crypto';

const texts = new WeakMap<object, string>();

/** Stands for G in the text around it; no game's data holds it (random per process). */
const MARK = `\u0000G:${randomBytes(12).toString('base64url')}`;
const MARK_JSON = JSON.stringify(MARK);

/** G's JSON, left for the transport (`takeWrittenG`); undefined for a G that is not an object. */
export function writtenG(G: unknown): string | undefined {
  if (G === null || typeof G !== 'object') return undefined;
  let text = texts.get(G);
  if (text === undefined) texts.set(G, (text = JSON.stringify(G)));
  return text;
}

/** G's JSON as a store wrote it, forgotten here; else undefined. */
export function takeWrittenG(G: unknown): string | undefined {
  if (G === null || typeof G !== 'object') return undefined;
  const text = texts.get(G);
  if (text !== undefined) texts.delete(G);
  return text;
}

/**
 * `JSON.stringify(around(G))`, with G's text when it is given: `around`
 * puts its argument where G goes, once.
 */
export function jsonAround(G: unknown, gText: string | undefined, around: (G: unknown) => unknown): string {
  if (gText === undefined) return JSON.stringify(around(G));
  const text = JSON.stringify(around(MARK));
  const at = text.indexOf(MARK_JSON);
  return text.slice(0, at) + gText + text.slice(at + MARK_JSON.length);
}
