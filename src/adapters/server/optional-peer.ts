/**
 * The optional peer dependencies are loaded only when a deployment asks for
 * them: pg for a Postgres store, ioredis for Redis pub/sub, better-sqlite3
 * (a native addon, compiled at install where no prebuilt binary can be
 * downloaded) for the SQLite default. A project that does not serve installs
 * none of them, and one that serves adds the one it uses.
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
    // Node names what it missed in quotes ("Cannot find module 'pg'"): not one of pg's own dependencies ('pg-types').
    String((error as Error).message).includes(`'${packageName}'`)
  );
}

export type PeerName = 'pg' | 'ioredis' | 'better-sqlite3';

/** A literal specifier per package keeps bundlers from guessing; all stay external. */
const importPeer = (packageName: PeerName): Promise<unknown> =>
  packageName === 'pg' ? import('pg') : packageName === 'ioredis' ? import('ioredis') : import('better-sqlite3');

/**
 * The module's default export (a CommonJS module's `module.exports`), or a
 * MissingPeerError. `load` imports the package (replaceable to try this
 * without uninstalling it).
 */
export async function loadPeer<T>(
  packageName: PeerName,
  purpose: string,
  load: (packageName: PeerName) => Promise<unknown> = importPeer,
): Promise<T> {
  try {
    const loaded = (await load(packageName)) as { default?: T };
    return (loaded.default ?? loaded) as T;
  } catch (error) {
    if (isNotFound(error, packageName)) throw new MissingPeerError(packageName, purpose);
    throw error;
  }
}
