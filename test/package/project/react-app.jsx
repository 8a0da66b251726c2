// A React app on turnchart/react: boardgame.io/react's Client, one import changed.
import { createRoot } from 'react-dom/client';
// import { Client } from 'boardgame.io/react';
import { Client } from 'turnchart/react';
import TicTacToe from './game.js';
import { Board } from './board.jsx';

const App = Client({ game: TicTacToe, board: Board, numPlayers: 2 });

createRoot(document.getElementById('root')).render(<App />);
