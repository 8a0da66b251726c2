// The React app as CommonJS code has it (TypeScript compiled to CommonJS, older webpack setups):
// require('turnchart/react') then resolves the package's `require` condition.
const { createElement } = require('react');
const { createRoot } = require('react-dom/client');
const { Client } = require('turnchart/react');
const TicTacToe = require('./game.js');
const { Board } = require('./board.jsx');

const App = Client({ game: TicTacToe, board: Board, numPlayers: 2 });

createRoot(document.getElementById('root')).render(createElement(App));
