// A board written for boardgame.io/react: it reads boardgame.io's board props only.
export function Board({ G, ctx, moves }) {
  const status = ctx.gameover
    ? ctx.gameover.winner !== undefined
      ? `winner: ${ctx.gameover.winner}`
      : 'draw'
    : `player ${ctx.currentPlayer} to play`;
  return (
    <div>
      <table>
        <tbody>
          {[0, 1, 2].map((row) => (
            <tr key={row}>
              {[0, 1, 2].map((column) => {
                const id = row * 3 + column;
                return (
                  <td key={id} data-cell={id} onClick={() => moves.clickCell(id)}>
                    {G.cells[id] ?? ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id="status">{status}</p>
    </div>
  );
}
