/**
 * `npm start` (the inspector on the discard example) stops with npm: killing
 * npm's pid, as `kill <pid>` does, ends the inspector it started, so the port
 * is free once npm has exited (npm waits for its script's process before it
 * exits, and the script's last command replaces the shell: `exec node …`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/built-cli';

let scratch: string;
let npm: ChildProcess | undefined;
/** Every process below npm once the inspector is up, to end them if the test fails. */
let below: number[] = [];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'turnchart-npm-start-'));
  // `npm start` passes --open: a desktop opener that opens nothing.
  writeFileSync(join(scratch, 'xdg-open'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(scratch, 'xdg-open'), 0o755);
});

afterAll(() => {
  for (const pid of below) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
  if (npm && npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** The processes below `pid`, children first (Linux's /proc). */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** How a connection to the port ends: `connected`, or the error code. */
function dial(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

test("killing npm's pid stops the inspector that `npm start` started: its port is free", async () => {
  const started = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${scratch}:${process.env.PATH}`, npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm = started;
  const exited = new Promise((resolve) => started.once('exit', resolve));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^http:\/\/127\.0\.0\.1:(\d+)\/$/m.exec(output);
      if (url) resolve(Number(url[1]));
    };
    started.stdout!.on('data', look);
    started.stderr!.on('data', look);
    started.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  below = descendants(started.pid!);
  expect(await dial(port)).toBe('connected');

  started.kill('SIGTERM');
  await exited;
  expect(await dial(port)).toBe('ECONNREFUSED');
});
