/**
 * The example app: tic-tac-toe's boardgame.io board on turnchart/react. One
 * screen plays hot-seat (no playerID: each click is the current player's),
 * or as player 0 or 1 (the board then says whose turn it is); the live chart
 * is the debug panel on the right. `npm run example:react` serves it.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Client } from 'turnchart/react';
import { TicTacToe } from './game-with-bots';
import { TicTacToeBoard } from './board';

const TicTacToeClient = Client({ game: TicTacToe, board: TicTacToeBoard, numPlayers: 2 });

const SEATS: { label: string; playerID: string | null }[] = [
  { label: 'hot-seat', playerID: null },
  { label: 'player 0', playerID: '0' },
  { label: 'player 1', playerID: '1' },
];

function App() {
  const [playerID, setPlayerID] = useState<string | null>(null);
  return (
    <main>
      <h1>tic-tac-toe on turnchart/react</h1>
      <nav id="seats">
        {SEATS.map((seat) => (
          <button
            key={seat.label}
            type="button"
            aria-pressed={seat.playerID === playerID}
            onClick={() => setPlayerID(seat.playerID)}
          >
            {seat.label}
          </button>
        ))}
      </nav>
      <TicTacToeClient playerID={playerID} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
