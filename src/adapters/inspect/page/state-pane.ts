/** The page's G and ctx pane: the current snapshot's G, and ctx as boardgame.io's users know it. */
import type { MatchView } from './match-view';

/** ctx without the engine's own bookkeeping (`_activePlayersMaxMoves`, `_prevActivePlayers`, ...). */
export function shownContext(ctx: unknown): unknown {
  if (ctx === null || typeof ctx !== 'object') return ctx;
  return Object.fromEntries(Object.entries(ctx as Record<string, unknown>).filter(([key]) => !key.startsWith('_')));
}

export function renderState(view: MatchView): void {
  const { G, ctx } = view.context ?? {};
  document.querySelector('#state pre')!.textContent = JSON.stringify({ G, ctx: shownContext(ctx) }, null, 2);
}
