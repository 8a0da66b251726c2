/**
 * One server process per database file. The SQLite build in use
 * (node-sqlite3-wasm) locks a database by creating a `<file>.lock`
 * directory, which a process killed with SIGKILL leaves behind; the next
 * start would then find the database busy forever. So the server claims the
 * file first with `<file>.owner` (its pid, created exclusively): a live
 * owner is an error, a dead one's claim and its stale lock are cleared.
 */
import { closeSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function writeOwner(ownerFile: string): boolean {
  try {
    const fd = openSync(ownerFile, 'wx');
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Claim `file` for this process; returns the release function. Throws if another live process holds it. */
export function claimDatabaseFile(file: string): () => void {
  const ownerFile = `${file}.owner`;
  if (!writeOwner(ownerFile)) {
    let pid = NaN;
    try {
      pid = Number.parseInt(readFileSync(ownerFile, 'utf8'), 10);
    } catch {
      // unreadable or just removed: treat as stale
    }
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `database ${file} is in use by process ${pid} (remove ${ownerFile} if that is not a turnchart server)`,
      );
    }
    rmSync(ownerFile, { force: true });
    if (!writeOwner(ownerFile)) throw new Error(`database ${file} was claimed by another process while starting`);
  }
  // A lock left by a process that died holding it (ours is not taken yet).
  rmSync(`${file}.lock`, { recursive: true, force: true });
  return () => {
    try {
      unlinkSync(ownerFile);
    } catch {
      // already gone
    }
  };
}
