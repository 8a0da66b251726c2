/**
 * Throwaway PostgreSQL and Redis servers for the scale-out tests: the
 * Debian packages' binaries, a fresh data directory in a temporary folder,
 * random localhost ports, no persistence; stopped and removed at the end.
 * Postgres refuses to run as root, so as root it runs as the `postgres`
 * user (runuser). Without the binaries the tests are skipped with a loud
 * message — except in CI (CI=true), where their absence is a failure.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HUNG_MS } from '../support/hung';

export interface Services {
  postgresUrl: string;
  redisUrl: string;
  /** SIGSTOP / SIGCONT every Postgres process: a database that stops answering without closing anything. */
  freezePostgres(frozen: boolean): void;
  stop(): Promise<void>;
}

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

function redisBin(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], {
    encoding: 'utf8',
  });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** Why the services cannot run here, or undefined if they can. */
export function servicesMissing(): string | undefined {
  const missing = [
    postgresBin() ? '' : 'PostgreSQL (/usr/lib/postgresql/*/bin)',
    redisBin() ? '' : 'redis-server',
  ].filter(Boolean);
  return missing.length
    ? `${missing.join(' and ')} not installed (Debian: apt-get install postgresql redis-server)`
    : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;
/** Run a Postgres binary, as the postgres user when this is root. */
const postgresCommand = (bin: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

/** The postmaster (first line of its pid file) and its children: the backends, checkpointer, writers… */
function postgresProcesses(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).stdout;
  return [postmaster, ...children.split('\n').filter(Boolean).map(Number)];
}

async function startPostgres(): Promise<{ url: string; freeze(frozen: boolean): void; stop(): void }> {
  const bin = postgresBin()!;
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-pg-'));
  if (asRoot) {
    const { uid, gid } = JSON.parse(
      execFileSync('sh', ['-c', 'echo "{\\"uid\\": $(id -u postgres), \\"gid\\": $(id -g postgres)}"'], {
        encoding: 'utf8',
      }),
    );
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (name: string, args: string[]) => {
    const [command, argv] = postgresCommand(join(bin, name), args);
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  // No fsync: the tests kill server instances, not Postgres.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  // pg_ctl's own wait (-t, seconds) is only there to end a hang: a loaded machine may take long to start Postgres.
  const patience = String(HUNG_MS / 1000);
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', patience, 'start']);
  // The postmaster first, so it forks no new backend while the others stop. A backend that ended
  // since it was listed (its client closed the connection) has nothing to stop or resume.
  const freeze = (frozen: boolean) =>
    postgresProcesses(data).forEach((pid) => {
      try {
        process.kill(pid, frozen ? 'SIGSTOP' : 'SIGCONT');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze,
    stop: () => {
      try {
        freeze(false); // a frozen Postgres would not hear pg_ctl
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', patience, 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A Redis of its own (a test that stops it must not stop the shared one). */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    redisBin()!,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      // Stopped already (a killed process has a signalCode, not an exitCode).
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Start both, or return undefined (with a loud message) when they are not
 * installed outside CI. In CI a missing binary throws.
 */
export async function startServices(): Promise<Services | undefined> {
  const missing = servicesMissing();
  if (missing) {
    if (process.env.CI === 'true' || process.env.CI === '1')
      throw new Error(`scale-out tests: ${missing}; CI must install them (.ci/run does)`);
    process.stderr.write(`\n*** SKIPPED: the scale-out tests (Postgres + Redis) did not run: ${missing}. ***\n\n`);
    return undefined;
  }
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  return {
    postgresUrl: postgres.url,
    redisUrl: redis.url,
    freezePostgres: postgres.freeze,
    stop: async () => {
      await redis.stop();
      postgres.stop();
    },
  };
}
