/**
 * A bounded wait on a store: a database that stops answering (a network
 * partition, a frozen process) must not hold a client's request forever.
 * The request fails with StoreTimeoutError instead; the server refuses it
 * as `store unavailable` and stays up.
 */

/** The store gave no answer within its timeout. Whether a write it was sent took effect is unknown. */
export class StoreTimeoutError extends Error {
  constructor(
    /** Which store (a URL without its password). */
    readonly where: string,
    /** What was waited for: a statement's name, or `connect`. */
    readonly operation: string,
    readonly timeoutMs: number,
  ) {
    super(`${where}: no answer to ${operation} within ${timeoutMs} ms`);
    this.name = 'StoreTimeoutError';
  }
}

/** What a client is told (the store's address stays in the server's log). */
export const STORE_UNAVAILABLE = {
  error: 'store unavailable',
  message: 'the match store did not answer in time; sync to see the match as stored',
} as const;

/** `work`, or StoreTimeoutError after `timeoutMs` (0: wait as long as it takes). */
export function withinTimeout<T>(work: Promise<T>, timeoutMs: number, timedOut: () => StoreTimeoutError): Promise<T> {
  if (!(timeoutMs > 0)) return work;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timedOut()), timeoutMs);
  });
  // The late outcome of `work` is dropped: the caller has its answer already.
  work.catch(() => undefined);
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
