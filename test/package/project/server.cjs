// turnchart/server under `require`: the README's Server, matches in SQLite under the folder given.
const { Server } = require('turnchart/server');
const TicTacToe = require('./game.js');

const server = Server({ games: [TicTacToe], dataDir: process.argv[2], origins: [] });
server.run({ port: 0, host: '127.0.0.1' }).then(({ appServer }) => {
  console.log(`serving on http://127.0.0.1:${appServer.address().port}`);
});
