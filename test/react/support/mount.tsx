/**
 * The browser tests' app: examples/react-tic-tac-toe's board (written for
 * boardgame.io) under the React `Client` it is given, hot-seat. `?debug=0`
 * turns the debug panel off.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { TicTacToe } from '../../../examples/react-tic-tac-toe/game-with-bots';
import { TicTacToeBoard } from '../../../examples/react-tic-tac-toe/board';

type ReactClient = (options: {
  game: any;
  board: ComponentType<any>;
  numPlayers: number;
  debug?: boolean;
}) => ComponentType<any>;

export function mount(Client: ReactClient): void {
  const debug = new URLSearchParams(location.search).get('debug') !== '0';
  const TicTacToeClient = Client({ game: TicTacToe, board: TicTacToeBoard, numPlayers: 2, debug });
  createRoot(document.getElementById('root')!).render(<TicTacToeClient />);
}
