/**
 * Two seats of one match on one page, boardgame.io's tutorial layout:
 * tic-tac-toe's board twice under turnchart/react's `Client` with
 * `multiplayer: Local()`, seat 0 in `#seat0` and seat 1 in `#seat1`, each
 * with the debug panel (one shows at a time).
 */
import { createRoot } from 'react-dom/client';
import { Local } from 'turnchart/boardgameio';
import { Client } from 'turnchart/react';
import { TicTacToe } from '../../../examples/react-tic-tac-toe/game-with-bots';
import { TicTacToeBoard } from '../../../examples/react-tic-tac-toe/board';

const Seat = Client({ game: TicTacToe, board: TicTacToeBoard, numPlayers: 2, multiplayer: Local() });

createRoot(document.getElementById('root')!).render(
  <>
    <div id="seat0">
      <Seat matchID="m" playerID="0" />
    </div>
    <div id="seat1">
      <Seat matchID="m" playerID="1" />
    </div>
  </>,
);
