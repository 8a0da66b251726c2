/**
 * What the package suite's tests share: the scratch projects made by the
 * global setup (user-projects.ts), commands run in them, long-running
 * commands watched line by line and killed by process group, boardgame.io
 * 0.50.2's own clients (the repository's devDependency, loaded here in the
 * test process), and waits on what those clients are told. Nothing here
 * waits on a clock: each wait ends on an event (a line printed, a state
 * received, a process gone); jest's timeout only catches a hang.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
/** The files of the user's project: the game, the apps, the server scripts, the type checks. */
export const PROJECT_FILES = join(__dirname, 'project');

/** Stands for the packed tarball in INSTALLS; the README writes it as README_TARBALL. */
export const TARBALL = '<tarball>';
export const README_TARBALL = `../turnchart/turnchart-${require('../../package.json').version}.tgz`;

/**
 * The README's install commands (`npm …`), in the order each scratch
 * project runs them after `npm init -y`: "Use it in your project" for the
 * engine alone, for React and for TypeScript's types (typescript itself is
 * the repository's), and "Serve matches online" for the SQLite driver.
 */
export const INSTALLS = {
  engine: [['install', TARBALL]],
  app: [
    ['install', TARBALL, 'react@18', 'react-dom@18'],
    ['install', '-D', '@types/node@20', '@types/react@18', '@types/react-dom@18'],
    ['install', TARBALL, 'better-sqlite3'],
  ],
};

export interface Projects {
  tarball: string;
  /** `npm install <tarball>` and nothing else. */
  engine: string;
  /** With the README's installs for React, TypeScript and serving, and the files of project/. */
  app: string;
}

export function projects(): Projects {
  const json = process.env.TURNCHART_PROJECTS;
  if (!json) throw new Error('TURNCHART_PROJECTS is not set: run the package suite with `npm run test:package`');
  return JSON.parse(json);
}

const require_ = createRequire(__filename);
// boardgame.io has no exports map: its CommonJS builds (bgio-quirks 18).
export const bgioClient = require_('boardgame.io/client');
export const bgioMultiplayer = require_('boardgame.io/multiplayer');

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (`input` piped to its stdin). */
export function run(command: string, args: string[], cwd: string, input?: string): Promise<Result> {
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command that must succeed; its stdout. */
export async function ok(command: string, args: string[], cwd: string, input?: string): Promise<string> {
  const result = await run(command, args, cwd, input);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

export interface Running {
  child: ChildProcess;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** SIGKILL to its whole process group (npx and the node it starts); resolves when it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM to the process group (npx's exit code then tells nothing of the command's); resolves when it is gone. */
  stop(): Promise<void>;
}

const started = new Set<Running>();

/**
 * Starts a long-running command in a process group of its own; resolves
 * with the match of `ready` once a line of its output matches it, rejects
 * if it exits first.
 */
export function start(
  command: string,
  args: string[],
  cwd: string,
  ready: RegExp,
): Promise<{ running: Running; match: RegExpExecArray }> {
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  const running: Running = {
    child,
    output: () => output,
    kill9: async () => {
      signal('SIGKILL');
      await exited;
    },
    stop: async () => {
      signal('SIGTERM');
      await exited;
    },
  };
  started.add(running);
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) resolve({ running, match });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', reject);
    exited.then((code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

const clients = new Set<{ stop(): void }>();

/** Kills whatever `start` started and is still running, and stops every client `bgioSeat` started (for afterAll). */
export async function killStarted(): Promise<void> {
  for (const client of clients) client.stop();
  clients.clear();
  await Promise.all([...started].map((running) => running.kill9()));
  started.clear();
}

/** `npx turnchart serve <args>` in `cwd` on a free port; resolves once it listens, with its URL. */
export async function serve(cwd: string, args: string[]): Promise<{ running: Running; url: string; port: number }> {
  const { running, match } = await start(
    'npx',
    ['turnchart', 'serve', ...args],
    cwd,
    /turnchart server: .* on (http:\/\/127\.0\.0\.1:(\d+))/,
  );
  return { running, url: match[1], port: Number(match[2]) };
}

/** Resolves with `check(state)` once a state that boardgame.io's `client` received makes it truthy. */
export function untilState<T>(client: any, check: (state: any) => T): Promise<NonNullable<T>> {
  return new Promise((resolve) => {
    let done = false;
    // boardgame.io's subscribe calls back at once with the current state (before it returns), then on every change.
    let unsubscribe: (() => void) | undefined;
    // eslint-disable-next-line prefer-const -- read in that first call, before a const would be initialised
    unsubscribe = client.subscribe((state: any) => {
      const value = state ? check(state) : undefined;
      if (done || !value) return;
      done = true;
      resolve(value as NonNullable<T>);
      unsubscribe?.();
    });
    if (done) unsubscribe?.();
  });
}

/** A started boardgame.io 0.50.2 client of a seat of a match on `server`, with socket.io's reconnection. */
export function bgioSeat(
  game: unknown,
  server: string,
  matchID: string,
  seat: { playerID: string; credentials: string },
) {
  const client = bgioClient.Client({
    game,
    multiplayer: bgioMultiplayer.SocketIO({
      server,
      socketOpts: { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 200 },
    }),
    matchID,
    playerID: seat.playerID,
    credentials: seat.credentials,
    debug: false,
  });
  client.start();
  // boardgame.io's stop() throws when called twice: once by the test, or else by killStarted.
  const stop = client.stop.bind(client);
  client.stop = () => void (clients.delete(client) && stop());
  clients.add(client);
  return client;
}

/** A match of `game` created and both seats joined through boardgame.io 0.50.2's LobbyClient. */
export async function lobbyMatch(url: string, gameName: string) {
  const lobby = new bgioClient.LobbyClient({ server: url });
  const { matchID } = await lobby.createMatch(gameName, { numPlayers: 2 });
  const seats = [];
  for (const name of ['ada', 'bo']) {
    const { playerID, playerCredentials } = await lobby.joinMatch(gameName, matchID, { playerName: name });
    seats.push({ playerID: playerID as string, credentials: playerCredentials as string });
  }
  return { lobby, matchID, seats };
}
