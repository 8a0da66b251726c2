/** Runs `fn` with console.log / error / warn silenced: boardgame.io prints every refusal. */
export function quiet<T>(fn: () => T): T {
  const { error, log, warn } = console;
  console.error = console.log = console.warn = () => undefined;
  try {
    return fn();
  } finally {
    Object.assign(console, { error, log, warn });
  }
}
