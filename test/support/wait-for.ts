/**
 * A wait for a condition with no deadline: it holds when it holds, however
 * loaded the machine. A test that never gets there ends at jest's timeout
 * and then says what it was still waiting for.
 */

/** The waits of the running test. */
const waiting = new Set<{ what: string }>();

/** Resolves with `check()`'s value once it is truthy, looking again after each pause of `pauseMs`. */
export async function waitFor<T>(check: () => T, what: string, pauseMs = 10): Promise<NonNullable<T>> {
  const wait = { what };
  waiting.add(wait);
  try {
    for (;;) {
      const value = check();
      if (value) return value as NonNullable<T>;
      if (!waiting.has(wait)) throw new Error(`abandoned waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  } finally {
    waiting.delete(wait);
  }
}

afterEach(() => {
  const left = [...waiting].map(({ what }) => what);
  waiting.clear();
  if (left.length) throw new Error(`the test ended still waiting for ${left.join(', ')}`);
});
