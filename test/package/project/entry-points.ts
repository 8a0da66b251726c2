// TypeScript code of a user's project that uses every entry point of turnchart,
// with a game written `satisfies Game<G>` as the README recommends.
import { getShortestPaths } from 'xstate/graph';
import { chartEvents, createGame, createGameMachine, INVALID_MOVE, serializeChartState, type Game } from 'turnchart';
import { Client, SocketIO } from 'turnchart/boardgameio';
import { toMermaid } from 'turnchart/diagram';
import { startInspectorServer } from 'turnchart/inspect';
import { Client as LegacyClient, Game as LegacyGame } from 'turnchart/legacy';
import { checkGame, createTraceRecorder } from 'turnchart/qa';
import { Client as ReactClient, type BoardProps } from 'turnchart/react';
import { Server, SqliteStore } from 'turnchart/server';

interface TicTacToeState {
  cells: (string | null)[];
}

export const TicTacToe = {
  name: 'tic-tac-toe',
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }, id: number) => {
      if (G.cells[id] !== null) return INVALID_MOVE;
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G }) => (G.cells.every((cell) => cell !== null) ? { draw: true } : undefined),
} satisfies Game<TicTacToeState>;

export const paths = getShortestPaths(createGameMachine(TicTacToe, { numPlayers: 2 }), {
  events: chartEvents(TicTacToe),
  serializeState: serializeChartState,
});
export const cellsAfterOneMove: (string | null)[] = createGame(TicTacToe, { numPlayers: 2 }).getState().G.cells;
export const online = Client({ game: TicTacToe, multiplayer: SocketIO({ server: 'http://localhost:8000' }) });
export const mermaid: string = toMermaid(createGameMachine(TicTacToe, { numPlayers: 2 }));
export const inspector = () => startInspectorServer({ game: TicTacToe, numPlayers: 2, port: 0 });
export const legacy = LegacyClient({ game: LegacyGame({ moves: { take: (G: number) => G + 1 }, setup: () => 0 }) });
export const report = checkGame(TicTacToe, { numPlayers: 2 });
export const recorder = createTraceRecorder(TicTacToe, { numPlayers: 2 });

function Board({ G, moves }: BoardProps<TicTacToeState>) {
  moves.clickCell(G.cells.indexOf(null));
  return null;
}
export const App = ReactClient({ game: TicTacToe, board: Board, numPlayers: 2 });

export const server = Server({ games: [TicTacToe], db: new SqliteStore({ file: ':memory:' }) });
