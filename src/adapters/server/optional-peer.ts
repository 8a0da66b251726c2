/**
 * The optional peer dependencies (pg for a Postgres store, ioredis for Redis
 * pub/sub) are loaded only when a deployment asks for them, so a server on
 * the SQLite default installs and starts without either.
 */

/** A peer dependency that is not installed: says which package to add and why. */
export class MissingPeerError extends Error {
  constructor(packageName: string, purpose: string) {
    super(`${purpose} needs the "${packageName}" package, which is not installed: run \`npm install ${packageName}\``);
    this.name = 'MissingPeerError';
  }
}

function isNotFound(error: unknown, packageName: string): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    String((error as Error).message).includes(packageName)
  );
}

/** The module's default export (a CommonJS module's `module.exports`), or a MissingPeerError. */
export async function loadPeer<T>(packageName: 'pg' | 'ioredis', purpose: string): Promise<T> {
  try {
    // A literal specifier per package keeps bundlers from guessing; both stay external (peer dependencies).
    const loaded: any = packageName === 'pg' ? await import('pg') : await import('ioredis');
    return (loaded.default ?? loaded) as T;
  } catch (error) {
    if (isNotFound(error, packageName)) throw new MissingPeerError(packageName, purpose);
    throw error;
  }
}
