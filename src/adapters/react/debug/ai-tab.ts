/**
 * The panel's AI tab: which bot (MCTS or random), its options, and reset /
 * step / simulate, as boardgame.io's AI tab offers them, on turnchart's
 * bots (use-bots.ts).
 */
import { createElement as h } from 'react';
import { BOT_KINDS, type BotKind, type Bots } from './use-bots';
import { button, FIELD, NOTE, PROBLEM, SUB_BAR } from './styles';

export function AiTab({ bots }: { bots: Bots }) {
  if (bots.unavailable)
    return h(
      'div',
      { className: 'turnchart-debug-ai', style: SUB_BAR },
      h('span', { role: 'status', style: NOTE }, `bots: ${bots.unavailable}`),
    );
  const { status } = bots;
  const label = (text: string, control: ReturnType<typeof h>) =>
    h(
      'label',
      { style: { display: 'inline-flex', gap: 4, alignItems: 'center' } },
      h('span', { style: NOTE }, text),
      control,
    );
  return h(
    'div',
    { className: 'turnchart-debug-ai', style: SUB_BAR },
    label(
      'bot',
      h(
        'select',
        {
          name: 'bot',
          value: bots.kind,
          disabled: status.busy,
          onChange: (event: { target: { value: string } }) => bots.setKind(event.target.value as BotKind),
          style: FIELD,
        },
        BOT_KINDS.map((kind) => h('option', { key: kind, value: kind }, kind)),
      ),
    ),
    ...bots.options.map(([key, option]) =>
      label(
        key,
        // Uncontrolled: a number half typed is the field's until it is one the bot takes.
        h('input', {
          key: `${bots.kind}-${key}`,
          name: key,
          type: 'number',
          min: option.range!.min,
          max: option.range!.max,
          defaultValue: option.value,
          disabled: status.busy,
          onChange: (event: { target: { value: string } }) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= option.range!.min && value <= option.range!.max)
              bots.setOption(key, value);
          },
          style: { ...FIELD, width: 64 },
        }),
      ),
    ),
    button('reset', { name: 'ai-reset', shortcut: '1', title: 'start the match over', onClick: bots.reset }),
    button('step', {
      name: 'ai-step',
      shortcut: '2',
      title: 'the bot plays one action for the seat to act',
      onClick: () => void bots.step(),
      disabled: status.busy,
    }),
    status.simulating
      ? button('stop', { name: 'ai-stop', shortcut: 'Esc', title: 'stop the simulation', onClick: bots.stop })
      : button('simulate', {
          name: 'ai-simulate',
          shortcut: '3',
          title: 'the bot plays every seat until the game ends',
          onClick: () => void bots.simulate(),
          disabled: status.busy,
        }),
    h(
      'span',
      { role: 'status', className: 'turnchart-debug-bot-status', style: status.error ? PROBLEM : NOTE },
      status.error ?? status.progress ?? status.said ?? '',
    ),
  );
}
