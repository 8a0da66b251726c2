/**
 * The multiplayer browser test's app: tic-tac-toe's boardgame.io board under
 * turnchart/react's `Client` with `multiplayer: SocketIO({ server })`, one
 * seat per page (`?server=…&matchID=…&playerID=…`, `&debug=1` for the
 * panel). A line under the board shows the multiplayer props boardgame.io
 * gives a board: isMultiplayer, isConnected and each seat's connection.
 */
import type { ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { SocketIO } from 'turnchart/boardgameio';
import { Client, type BoardProps } from 'turnchart/react';
import { TicTacToe } from '../../../examples/tic-tac-toe/game';
import { TicTacToeBoard } from '../../../examples/react-tic-tac-toe/board';

const query = new URLSearchParams(location.search);

function Board(props: BoardProps) {
  const seats = (props.matchData as { id: number; isConnected?: boolean }[] | undefined) ?? [];
  return (
    <>
      <TicTacToeBoard {...(props as ComponentProps<typeof TicTacToeBoard>)} />
      <p id="connection">
        {props.isMultiplayer ? 'multiplayer' : 'local'} {props.isConnected ? 'connected' : 'offline'}{' '}
        {seats.map((seat) => `${seat.id}:${seat.isConnected ? 'on' : 'off'}`).join(' ')}
      </p>
    </>
  );
}

const TicTacToeClient = Client({
  game: TicTacToe,
  board: Board,
  numPlayers: 2,
  multiplayer: SocketIO({ server: query.get('server')!, socketOpts: { transports: ['websocket'] } }),
  debug: query.get('debug') === '1',
  loading: () => <p id="loading">waiting for the server</p>,
});

createRoot(document.getElementById('root')!).render(
  <TicTacToeClient matchID={query.get('matchID')!} playerID={query.get('playerID')} />,
);
