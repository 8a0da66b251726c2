/**
 * The database file's owner claim: a live owner refuses a second server; a
 * dead one, or a zombie (killed with SIGKILL where no one reaps it, as in a
 * container whose pid 1 is not an init), does not.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimDatabaseFile } from '../../src/adapters/server/database-file-lock';

const dir = mkdtempSync(join(tmpdir(), 'turnchart-lock-'));

function processState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

test('a live owner is refused, naming its pid', () => {
  const file = join(dir, 'live.sqlite');
  writeFileSync(`${file}.owner`, String(process.ppid));
  expect(() => claimDatabaseFile(file)).toThrow(`in use by process ${process.ppid}`);
  expect(readFileSync(`${file}.owner`, 'utf8')).toBe(String(process.ppid));
});

test('a claim of this process is released and can be taken again', () => {
  const file = join(dir, 'own.sqlite');
  const release = claimDatabaseFile(file);
  expect(readFileSync(`${file}.owner`, 'utf8')).toBe(String(process.pid));
  release();
  claimDatabaseFile(file)();
});

const linux = process.platform === 'linux' ? test : test.skip;

linux('a zombie owner is treated as gone', async () => {
  // The child waits for a byte on fd 3 and its parent execs into a sleep that never reaps it; the byte is sent
  // only once the exec is done, so no shell is left to reap the child when it ends (a shell may reap a job).
  const parent = spawn('sh', ['-c', 'head -c1 <&3 >/dev/null & echo $!; exec sleep 60 3<&-'], {
    stdio: ['ignore', 'pipe', 'ignore', 'pipe'],
  });
  const zombie = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  );
  const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
  while (commandOf(parent.pid!) !== 'sleep') await new Promise((resolve) => setImmediate(resolve));
  (parent.stdio[3] as NodeJS.WritableStream).end('x');
  try {
    while (processState(zombie) !== 'Z') await new Promise((resolve) => setImmediate(resolve));
    expect(() => process.kill(zombie, 0)).not.toThrow();
    const file = join(dir, 'zombie.sqlite');
    writeFileSync(`${file}.owner`, String(zombie));
    const release = claimDatabaseFile(file);
    expect(readFileSync(`${file}.owner`, 'utf8')).toBe(String(process.pid));
    release();
  } finally {
    parent.kill('SIGKILL');
  }
});
