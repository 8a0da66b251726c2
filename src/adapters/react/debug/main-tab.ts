/**
 * The panel's main tab, boardgame.io's controls and players: reset, save
 * and restore the match, and the seat the board plays (its `playerID`).
 * In a multiplayer match the server keeps the match: reset and restore,
 * which would only change this client's copy, are off.
 */
import { createElement as h, Fragment, type ReactNode } from 'react';
import type { TurnchartClient } from '../../boardgameio/client';
import type { PlayerID } from '../../../machines';
import { panelRegistry } from './panel-registry';
import { restoreGame, saveGame } from './saved-game';
import { button, NOTE, PROBLEM, SUB_BAR } from './styles';

/** What the last control did, shown beside them. */
export interface ControlNote {
  text: string;
  problem?: boolean;
}

const SERVER_KEEPS = 'the server keeps this match: only its moves change it';

/** reset, save, restore: what keys 1, 2, 3 and the buttons do. */
export function mainControls(client: TurnchartClient, say: (note: ControlNote) => void) {
  const attempt = (action: () => void, done: string) => () => {
    try {
      action();
      say({ text: done });
    } catch (error) {
      say({ text: error instanceof Error ? error.message : String(error), problem: true });
    }
  };
  const local = !client.multiplayer;
  return {
    reset: local ? attempt(() => client.reset(), 'the match started over') : undefined,
    save: attempt(() => saveGame(client), 'saved in this browser (localStorage)'),
    restore: local ? attempt(() => restoreGame(client), 'restored the saved match') : undefined,
  };
}

function seatTitle(client: TurnchartClient, seat: PlayerID | null, acting: readonly string[]): string {
  if (seat === null)
    return client.multiplayer
      ? 'no seat: watch the match as a spectator'
      : "no seat (hot-seat): each request is the current player's";
  return `play as player ${seat}${acting.includes(seat) ? ' (to act now)' : ''}`;
}

export function MainTab({
  client,
  controls,
  note,
  moves,
}: {
  client: TurnchartClient;
  controls: ReturnType<typeof mainControls>;
  note: ControlNote | undefined;
  /** A button for each move (opening its prompt) and flow event, with its key. */
  moves: ReactNode[];
}) {
  const state = client.getState();
  const ctx = state?.ctx;
  const acting = ctx ? (ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer]) : [];
  const seats: (PlayerID | null)[] = [null, ...Array.from({ length: client.numPlayers }, (_, seat) => String(seat))];
  const current = client.playerID ?? null;
  return h(
    'div',
    { className: 'turnchart-debug-main', style: SUB_BAR },
    button('reset', {
      name: 'reset',
      shortcut: '1',
      title: controls.reset ? 'start the match over' : SERVER_KEEPS,
      onClick: () => controls.reset?.(),
      disabled: !controls.reset,
    }),
    button('save', { name: 'save', shortcut: '2', title: 'keep the match in this browser', onClick: controls.save }),
    button('restore', {
      name: 'restore',
      shortcut: '3',
      title: controls.restore ? 'put the saved match back' : SERVER_KEEPS,
      onClick: () => controls.restore?.(),
      disabled: !controls.restore,
    }),
    h(
      'span',
      {
        role: 'group',
        'aria-label': "the board's seat (playerID)",
        style: { display: 'inline-flex', gap: 4, marginLeft: 8 },
      },
      h('span', { style: NOTE }, 'seat'),
      ...seats.map((seat) =>
        button(
          seat === null
            ? client.multiplayer
              ? 'spectator'
              : 'hot-seat'
            : `${seat}${acting.includes(seat) ? ' •' : ''}`,
          {
            name: `seat-${seat ?? 'none'}`,
            title: seatTitle(client, seat, acting),
            pressed: seat === current,
            onClick: () => panelRegistry.switchSeat(client, seat),
          },
        ),
      ),
    ),
    h(
      'span',
      {
        role: 'group',
        'aria-label': 'moves and events',
        style: { display: 'inline-flex', flexWrap: 'wrap', gap: 4, marginLeft: 8 },
      },
      ...moves,
    ),
    note
      ? h(
          'span',
          { role: 'status', className: 'turnchart-debug-note', style: note.problem ? PROBLEM : NOTE },
          note.text,
        )
      : h(Fragment),
  );
}
