/**
 * One server process per database file: SQLite would let two processes
 * write one file, but each server keeps its live matches in memory, so a
 * second one would act on states it does not know. The server claims the
 * file with `<file>.owner` (its pid, created exclusively): a live owner is
 * an error (naming its pid), a dead one's claim is cleared.
 */
import { closeSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';

/**
 * A server killed with SIGKILL in a container whose pid 1 reaps no children
 * stays a zombie: signal 0 still reaches it, but it holds nothing. Linux
 * names that state in /proc/<pid>/stat (the letter after the command name).
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
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
  return () => {
    try {
      unlinkSync(ownerFile);
    } catch {
      // already gone
    }
  };
}
