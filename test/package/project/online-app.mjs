// A seat of a served match in the browser, on turnchart/boardgameio: boardgame.io's
// Client with SocketIO multiplayer, one import changed. The page's address carries
// the server, the match, the seat and its credentials.
// import { Client } from 'boardgame.io/client';
// import { SocketIO } from 'boardgame.io/multiplayer';
import { Client, SocketIO } from 'turnchart/boardgameio';
import TicTacToe from './game.js';

const params = new URLSearchParams(location.search);
const client = Client({
  game: TicTacToe,
  multiplayer: SocketIO({ server: params.get('server') }),
  matchID: params.get('matchID'),
  playerID: params.get('playerID'),
  credentials: params.get('credentials'),
});

const root = document.getElementById('root');
const cells = Array.from({ length: 9 }, (_, id) => {
  const cell = document.createElement('button');
  cell.dataset.cell = String(id);
  cell.addEventListener('click', () => client.moves.clickCell(id));
  root.append(cell);
  return cell;
});
const status = document.createElement('p');
status.id = 'status';
root.append(status);

client.subscribe((state) => {
  if (state === null) return;
  state.G.cells.forEach((mark, id) => (cells[id].textContent = mark ?? ''));
  status.dataset.connected = String(state.isConnected);
  status.textContent = state.ctx.gameover
    ? `winner: ${state.ctx.gameover.winner}`
    : `player ${state.ctx.currentPlayer} to play`;
});
client.start();
