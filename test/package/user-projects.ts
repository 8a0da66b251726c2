/**
 * The package suite's global setup: turnchart packed as `npm pack` makes it
 * (its `prepare` builds dist/), or the tarball named by TURNCHART_TARBALL,
 * installed into two scratch projects outside the repository, with the
 * README's commands and nothing else:
 *
 * - `engine`: `npm install <tarball>` alone, as a user of the engine, the
 *   CLI's charts and QA tools has it;
 * - `app`: also what the README adds for React (react, react-dom), for
 *   TypeScript (the type packages) and for serving (the SQLite driver).
 *
 * Packages come from npm's cache when it has them (`--prefer-offline`), else
 * from the registry. The tests read the projects' folders from
 * TURNCHART_PROJECTS; the teardown removes them, unless
 * TURNCHART_KEEP_PROJECTS is set (it then prints TURNCHART_PROJECTS, which,
 * set for a later run, reuses them: the files of project/ are copied anew).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INSTALLS, PROJECT_FILES, ROOT, TARBALL, type Projects } from './support';

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${result.status}:\n${result.stderr}`);
  return result.stdout;
}

// Packages from npm's cache where it has them; quiet unless something fails.
const OPTIONS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/** A folder with `npm init -y`'s package.json, then the `installs` run in it. */
function project(parent: string, name: string, installs: string[][], tarball: string): string {
  const dir = join(parent, name);
  mkdirSync(dir);
  npm(['init', '-y'], dir);
  for (const args of installs) npm([...args.map((arg) => (arg === TARBALL ? tarball : arg)), ...OPTIONS], dir);
  return dir;
}

function make(): Projects {
  const parent = mkdtempSync(join(tmpdir(), 'turnchart-user-'));
  process.env.TURNCHART_PROJECTS_PARENT = parent;
  let tarball = process.env.TURNCHART_TARBALL && resolve(process.env.TURNCHART_TARBALL);
  if (!tarball) {
    const [{ filename }] = JSON.parse(npm(['pack', '--json', '--loglevel=error', '--pack-destination', parent], ROOT));
    tarball = join(parent, filename);
  }
  return {
    tarball,
    engine: project(parent, 'engine', INSTALLS.engine, tarball),
    app: project(parent, 'app', INSTALLS.app, tarball),
  };
}

export default async function setup(): Promise<void> {
  const projects: Projects = process.env.TURNCHART_PROJECTS ? JSON.parse(process.env.TURNCHART_PROJECTS) : make();
  for (const file of readdirSync(PROJECT_FILES)) cpSync(join(PROJECT_FILES, file), join(projects.app, file));
  for (const file of ['game.js', 'timed-game.js', 'idle-timeout.js'])
    cpSync(join(PROJECT_FILES, file), join(projects.engine, file));
  process.env.TURNCHART_PROJECTS = JSON.stringify(projects);
  if (process.env.TURNCHART_KEEP_PROJECTS) console.log(`\nTURNCHART_PROJECTS='${process.env.TURNCHART_PROJECTS}'`);
}

export function teardown(): void {
  const parent = process.env.TURNCHART_PROJECTS_PARENT;
  if (parent && !process.env.TURNCHART_KEEP_PROJECTS) rmSync(parent, { recursive: true, force: true });
}
