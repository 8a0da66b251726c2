/**
 * A move's argument prompt, opened by the move's key: its arguments typed
 * as JSON values separated by commas (`4`, `"left", 2`, nothing for none),
 * Enter plays the move as the board's player, Escape closes it. Arguments
 * that are not JSON are said, and nothing is played.
 */
import { createElement as h, useState, type KeyboardEvent } from 'react';
import type { TurnchartClient } from '../../boardgameio/client';
import { FIELD, NOTE, PROBLEM, SUB_BAR } from './styles';

/** The arguments typed: JSON values separated by commas. */
export function parseArguments(text: string): unknown[] {
  const list: unknown = JSON.parse(`[${text}]`);
  return list as unknown[];
}

export function MovePrompt({ client, move, onClose }: { client: TurnchartClient; move: string; onClose: () => void }) {
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    let args: unknown[];
    try {
      args = parseArguments(event.currentTarget.value);
    } catch {
      return setProblem('the arguments are not JSON values separated by commas');
    }
    onClose();
    client.moves[move]?.(...args);
  };
  return h(
    'div',
    { className: 'turnchart-debug-move', style: SUB_BAR },
    h('span', { style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } }, `${move}(`),
    h('input', {
      name: 'move-args',
      autoFocus: true,
      'aria-label': `arguments of ${move}, as JSON values separated by commas`,
      placeholder: 'arguments',
      onKeyDown,
      style: { ...FIELD, width: 160 },
    }),
    h('span', { style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } }, ')'),
    h('span', { style: problem ? PROBLEM : NOTE }, problem ?? 'Enter plays it, Escape closes'),
  );
}
