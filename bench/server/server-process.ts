/**
 * One server of the served benchmark, in its own process:
 * `node server-process.mjs <turnchart|turnchart-memory|boardgameio> <dir>`.
 * Prints `ready <port>` once clients may connect; runs until killed.
 * turnchart stores matches in SQLite in `<dir>` (its default) or in memory;
 * boardgame.io uses its default in-memory store.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Server, portOf } from '../../src/adapters/server/index';
import { relay } from './game';

const [engine, dir] = process.argv.slice(2);
// SIGUSR1 starts the measured window; SIGINT prints the CPU time (every thread of the
// process: user + system, in ms) since then and exits normally (so --cpu-prof writes its profile).
let baseline = process.cpuUsage();
process.on('SIGUSR1', () => (baseline = process.cpuUsage()));
process.on('SIGINT', () => {
  const { user, system } = process.cpuUsage(baseline);
  process.stdout.write(`cpu ${(user + system) / 1000}\n`, () => process.exit(0));
});

async function main(): Promise<void> {
  if (engine === 'boardgameio') {
    // boardgame.io has no exports map (bgio-quirks 18).
    const require_ = createRequire(import.meta.url);
    // Its run() listens on every interface; the benchmark keeps both servers on loopback.
    const http = require_('node:http');
    const listen = http.Server.prototype.listen;
    http.Server.prototype.listen = function (port: unknown, ...rest: unknown[]) {
      return typeof port === 'number' ? listen.call(this, port, '127.0.0.1', ...rest) : listen.call(this, port, ...rest);
    };
    const bgio = require_('boardgame.io/server');
    const server = bgio.Server({ games: [{ ...relay }], origins: [] });
    const { appServer } = await server.run({ port: 0 });
    process.stdout.write(`ready ${appServer.address().port}\n`);
    return;
  }
  const server = Server({ games: [relay], db: engine === 'turnchart-memory' ? ':memory:' : join(dir, 'bench.sqlite'), origins: [] });
  const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`ready ${portOf(appServer)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
