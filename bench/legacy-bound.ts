/**
 * What the legacy layer costs the 0.4x war game: the same recorded games on
 * turnchart, once as the 0.4x config through turnchart/legacy's `Client`,
 * once written for 0.50 (games/skirmish-050.ts) through
 * turnchart/boardgameio's. Both end in the same G and ctx after the same
 * actions (checked every round). boardgame.io never runs in the timed
 * process: it records the games in a step of their own, so that its calls
 * of the shared game code leave that code's type feedback alone.
 *
 *   npm run bench:legacy-bound -- record games.json
 *   npm run bench:legacy-bound -- alternate games.json [rounds]
 *   node bench/.build/legacy-bound.mjs rounds games.json legacy|0.50 <warm-up> <rounds>
 *   (the script builds bench/.build/legacy-bound.mjs first; NODE_ENV=production for production mode)
 *
 * `alternate` plays the two forms round by round in one process and prints
 * the median CPU µs per action and the median ratio of the round pairs;
 * `rounds` plays one form only, for an instruction count that the machine's
 * load does not move (`valgrind --tool=cachegrind --cache-sim=no node
 * --single-threaded …`, once with no timed rounds: the difference over the
 * actions played is the count per action).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as tcBgio from '../src/adapters/boardgameio/index';
import * as tcLegacy from '../src/adapters/legacy/index';
import { median } from './harness';
import { skirmish } from './games/skirmish-04x';
import { skirmish050 } from './games/skirmish-050';
import type { BenchLib } from './games/lib';
import type { Action } from './realistic-games/driver';
import { skirmishWorkload } from './realistic-games/skirmish-04x';
import { recordGame } from './realistic-replay';

type Form = 'legacy' | '0.50';
const FORMS: Form[] = ['legacy', '0.50'];

const forms: Record<Form, { game: object; make: (options: object) => any }> = {
  legacy: {
    game: { ...skirmish(tcLegacy as unknown as BenchLib), seed: 'bench' },
    make: (options) => tcLegacy.Client({ ...options, api: '0.4x' } as never),
  },
  '0.50': {
    game: { ...skirmish050(tcBgio as unknown as BenchLib), seed: 'bench' },
    make: (options) => tcBgio.Client(options as never),
  },
};

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The app's render: reads what a subscriber reads. */
const render = (state: any) => void (state && `${state.ctx.currentPlayer}${state.isActive}`);

/** Every game on a new client of `form`, as the realistic benchmark plays them; the CPU µs per action and the ends. */
function play(form: Form, games: Action[][]): { us: number; ends: string } {
  const { game, make } = forms[form];
  const ends: string[] = [];
  let actions = 0;
  const start = cpuMs();
  for (const recorded of games) {
    const client = make({ game, numPlayers: 2, playerID: '0' });
    client.subscribe(render);
    client.start();
    for (const { type, payload } of recorded) {
      if (client.playerID !== payload.playerID) client.updatePlayerID(payload.playerID);
      (type === 'MAKE_MOVE' ? client.moves : client.events)[payload.type](...payload.args);
    }
    const { _stateID, ctx, G } = client.store.getState();
    ends.push(JSON.stringify([_stateID, ctx, G]));
    client.stop();
    actions += recorded.length;
  }
  return { us: ((cpuMs() - start) * 1000) / actions, ends: ends.join('\n') };
}

function alternate(games: Action[][], rounds: number): void {
  const times: Record<Form, number[]> = { legacy: [], '0.50': [] };
  for (let round = -15; round < rounds; round++) {
    const order = round % 2 === 0 ? FORMS : [...FORMS].reverse();
    const ends = order.map((form) => {
      const { us, ends } = play(form, games);
      if (round >= 0) times[form].push(us);
      return ends;
    });
    if (ends[0] !== ends[1]) throw new Error('the two forms of the game ended differently');
  }
  const ratios = times['0.50'].map((us, i) => us / times.legacy[i]);
  process.stdout.write(
    `${process.env.NODE_ENV ?? 'development'}, ${rounds} rounds: legacy ${median(times.legacy).toFixed(2)} µs, ` +
      `0.50 form ${median(times['0.50']).toFixed(2)} µs of CPU per action; 0.50 / legacy ${median(ratios).toFixed(3)}\n`,
  );
}

const [mode, file, ...rest] = process.argv.slice(2);
const silent = () => undefined;
if (mode === 'record') {
  writeFileSync(file, JSON.stringify(Array.from({ length: 8 }, (_, i) => recordGame(skirmishWorkload, i + 1))));
} else {
  const games = JSON.parse(readFileSync(file, 'utf8')) as Action[][];
  Object.assign(console, { log: silent, info: silent, warn: silent, error: silent });
  if (mode === 'alternate') alternate(games, Number(rest[0] ?? 40));
  else if (mode === 'rounds' && FORMS.includes(rest[0] as Form))
    for (let i = 0; i < Number(rest[1]) + Number(rest[2]); i++) play(rest[0] as Form, games);
  else throw new Error('usage: legacy-bound record|alternate|rounds <games.json> …');
}
