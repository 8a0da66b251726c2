// turnchart/server under `import`: the README's Server, matches in SQLite under the folder given.
import { Server } from 'turnchart/server';
import TicTacToe from './game.js';

const server = Server({ games: [TicTacToe], dataDir: process.argv[2], origins: [] });
const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
console.log(`serving on http://127.0.0.1:${appServer.address().port}`);
