/**
 * The browser tests' app for time limits: examples/blitz with an hour a turn
 * (test/server/games/slow-blitz.ts: no deadline comes on its own) under turnchart/react's
 * `Client`, hot-seat, with the debug panel. The board shows each seat's
 * remaining time from its `timeLeft` prop (`#time-<seat>[data-left][data-clock]`)
 * and a draw button.
 */
import { createRoot } from 'react-dom/client';
import { Client, type BoardProps } from 'turnchart/react';
import type { BlitzState } from '../../../examples/blitz/game';
import slowBlitz from '../../server/games/slow-blitz';

function BlitzBoard({ G, ctx, moves, timeLeft }: BoardProps<BlitzState>) {
  return (
    <div id="board" data-player={ctx.currentPlayer} data-auto={G.autoDraws}>
      {Object.entries(timeLeft ?? {}).map(([seat, time]) => (
        <p key={seat} id={`time-${seat}`} data-left={time.left ?? ''} data-clock={time.clock ?? ''}>
          player {seat}: {time.left === undefined ? '—' : `${(time.left / 1000).toFixed(1)} s`}
        </p>
      ))}
      <button id="draw" onClick={() => moves.draw()}>
        draw
      </button>
    </div>
  );
}

const BlitzClient = Client({ game: slowBlitz, board: BlitzBoard, numPlayers: 2 });
createRoot(document.getElementById('root')!).render(<BlitzClient />);
