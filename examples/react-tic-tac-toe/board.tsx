/**
 * A tic-tac-toe board written for boardgame.io's React client: it reads
 * boardgame.io's board props (G, ctx, moves, isActive, playerID, reset) and
 * nothing else, so it renders the same under `boardgame.io/react` and
 * `turnchart/react` (test/react checks the markup click by click).
 */
import type { BoardProps } from 'turnchart/react';
import type { TicTacToeResult, TicTacToeState } from '../tic-tac-toe/game';

const MARKS: Record<string, string> = { '0': 'X', '1': 'O' };

function status(ctx: BoardProps['ctx'], playerID: BoardProps['playerID'], isActive: boolean): string {
  const result = ctx.gameover as TicTacToeResult | undefined;
  if (result) return 'winner' in result ? `Player ${result.winner} (${MARKS[result.winner]}) wins` : 'Draw';
  const who = `Player ${ctx.currentPlayer} (${MARKS[ctx.currentPlayer]}) to play`;
  return playerID === null || playerID === undefined ? who : `${who}${isActive ? ': your turn' : ': wait'}`;
}

export function TicTacToeBoard({ G, ctx, moves, isActive, playerID, reset }: BoardProps<TicTacToeState>) {
  const rows = [0, 1, 2].map((row) => (
    <tr key={row}>
      {[0, 1, 2].map((column) => {
        const id = row * 3 + column;
        const cell = G.cells[id];
        return (
          <td key={id} data-cell={id} className={cell === null ? 'empty' : 'taken'} onClick={() => moves.clickCell(id)}>
            {cell === null ? '' : MARKS[cell]}
          </td>
        );
      })}
    </tr>
  ));
  return (
    <div className="tic-tac-toe">
      <table id="board">
        <tbody>{rows}</tbody>
      </table>
      <p id="status">{status(ctx, playerID, isActive)}</p>
      <button type="button" id="new-game" onClick={() => reset()}>
        New game
      </button>
    </div>
  );
}
