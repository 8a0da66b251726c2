/**
 * One column of `npm run bench:before-after` (before-after.ts): a child
 * process that loads one build's `turnchart/boardgameio` and
 * `turnchart/legacy` (its `dist/`) and nothing else of turnchart, records
 * the realistic games on boardgame.io, and replays them through that
 * build's `Client` (the 0.4x war game through `turnchart/legacy`'s) when the
 * parent asks, a new client per game, printing nothing.
 *
 * A process per column because builds sharing one process do not share it
 * evenly: a module instance that runs more of the rounds than another reads
 * faster, and each build's garbage is collected in whichever build's round
 * the collector happens to start (docs/performance.md, "Time limits").
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchLib } from './games/lib';
import { REALISTIC_GAMES } from './realistic';
import { recordGame } from './realistic-replay';
import type { Action, RealisticGame } from './realistic-games/driver';

/** What the parent asks a column: to record a game's plays, or to replay them once. */
export type ColumnRequest = { prepare: string } | { replay: true } | { done: true };
/** A column's answer: ready, or one replay's time (µs per action) and the states it reached; or what went wrong. */
export type ColumnReply = { ready: true } | { us: number; states: number } | { error: string };

/** What a column is: which build's `dist/`, with or without time limits. */
export interface ColumnSpec {
  dir: string;
  timed: boolean;
}

export const GAMES_PER_ROW = 4;
const SEED = 'bench';
const CPU_CLOCK = process.env.BENCH_CLOCK === 'cpu';
const nowMs = (): number => {
  if (!CPU_CLOCK) return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** Limits no recorded game comes near: a day a turn, a year of clock, a second more per move. */
const LIMITS = {
  turn: { limit: 86_400_000 },
  clock: { initial: 31_536_000_000, increment: 1_000, per: 'move' as const },
};

type BoardgameioModule = BenchLib & { Client(options: object): any };

function withLimits(game: any): object {
  return { ...game, turn: { ...game.turn, time: LIMITS.turn }, clock: LIMITS.clock };
}

/** The games the comparison plays (BENCH_GAMES=draft,party: only these), in the benchmark's order. */
export function comparedGames(): RealisticGame[] {
  const only = process.env.BENCH_GAMES?.split(',');
  return REALISTIC_GAMES.filter((game) => !only || only.includes(game.name));
}

/** Replays every game on a new client of `lib`; µs per action and the states reached. */
function replay(lib: BoardgameioModule, timed: boolean, spec: RealisticGame, games: Action[][]) {
  const made = spec.make(lib);
  const game = { ...(timed ? withLimits(made) : made), seed: SEED };
  let actions = 0;
  let states = 0;
  const start = nowMs();
  for (const recorded of games) {
    const client = lib.Client({ game, numPlayers: spec.numPlayers, playerID: '0' });
    client.subscribe(() => undefined);
    client.start();
    for (const action of recorded) {
      const { type, args, playerID } = action.payload;
      if (spec.hotSeat || client.playerID !== playerID) client.updatePlayerID(playerID);
      (action.type === 'MAKE_MOVE' ? client.moves : client.events)[type](...args);
    }
    states += client.store.getState()._stateID;
    client.stop();
    actions += recorded.length;
  }
  return { us: ((nowMs() - start) * 1000) / actions, states };
}

/** The child's side: load the build, then answer the parent's requests until it says done. */
export async function serveColumn(column: ColumnSpec): Promise<void> {
  const load = async (entry: string) =>
    (await import(pathToFileURL(resolve(column.dir, 'dist', entry)).href)) as BoardgameioModule;
  const libs = { '0.50': await load('boardgameio.js'), '0.4x': await load('legacy.js') };
  const silent = () => undefined;
  Object.assign(console, { log: silent, info: silent, warn: silent, error: silent });
  let spec: RealisticGame | undefined;
  let games: Action[][] = [];
  const answer = (reply: ColumnReply) => process.send!(reply);
  process.on('message', (request: ColumnRequest) => {
    try {
      if ('done' in request) process.disconnect();
      else if ('prepare' in request) {
        spec = comparedGames().find((game) => game.name === request.prepare);
        if (!spec) throw new Error(`no game ${request.prepare}`);
        games = Array.from({ length: GAMES_PER_ROW }, (_, i) => recordGame(spec!, i + 1));
        answer({ ready: true });
      } else answer(replay(libs[spec!.api], column.timed, spec!, games));
    } catch (error) {
      answer({ error: String((error as Error)?.stack ?? error) });
    }
  });
}
