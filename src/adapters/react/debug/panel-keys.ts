/**
 * What each of the panel's keys does, given the panel as it is now (which
 * tab, what is open); shortcuts.ts hears the keys. The keys are
 * boardgame.io's panel's.
 */
import type { TurnchartClient } from '../../boardgameio/client';
import { dock } from './dock-layout';
import type { mainControls } from './main-tab';
import type { Bots } from './use-bots';

export type Tab = 'main' | 'ai';

/** The flow events keys 7, 8 and 9 send. */
export const EVENT_KEYS: Readonly<Record<string, 'endStage' | 'endTurn' | 'endPhase'>> = {
  7: 'endStage',
  8: 'endTurn',
  9: 'endPhase',
};

export interface PanelNow {
  client: TurnchartClient;
  open: boolean;
  tab: Tab;
  setTab(tab: Tab): void;
  controls: ReturnType<typeof mainControls>;
  bots: Bots;
  /** Each move's key. */
  moveKeys: Record<string, string>;
  /** The move whose argument prompt is open. */
  prompt: string | undefined;
  setPrompt(move: string | undefined): void;
}

/** The action `key` stands for now; undefined when it is not the panel's (the page keeps it). */
export function keyAction(key: string, panel: PanelNow): (() => void) | undefined {
  if (key === '.') return dock.toggle;
  if (!panel.open) return undefined;
  const { bots, controls, client } = panel;
  if (key === 'Escape') {
    if (panel.prompt !== undefined) return () => panel.setPrompt(undefined);
    return bots.status.simulating ? bots.stop : undefined;
  }
  if (key === 'm') return () => panel.setTab('main');
  if (key === 'a') return () => panel.setTab('ai');
  if (panel.tab === 'ai') {
    if (bots.unavailable) return undefined;
    const botKeys: Record<string, () => unknown> = { 1: bots.reset, 2: bots.step, 3: bots.simulate };
    return botKeys[key];
  }
  const controlKeys: Record<string, (() => void) | undefined> = {
    1: controls.reset,
    2: controls.save,
    3: controls.restore,
  };
  if (controlKeys[key]) return controlKeys[key];
  const event = EVENT_KEYS[key] ? client.events[EVENT_KEYS[key]] : undefined;
  if (event) return () => event();
  const move = Object.keys(panel.moveKeys).find((name) => panel.moveKeys[name] === key);
  return move === undefined ? undefined : () => panel.setPrompt(move);
}
