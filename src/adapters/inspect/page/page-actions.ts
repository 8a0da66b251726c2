/** What the page's controls do: requests and time travel go to the server (or the embedding panel), problems to the banner. */
import type { LoggedRequest } from './match-view';

export interface PageActions {
  send(request: LoggedRequest): void;
  /** Ask for the chart with these turns drawn open, laid out for this pane (turn-boxes.ts). */
  layout(expanded: string[], pane?: { width: number; height: number }): void;
  back(): void;
  forward(): void;
  goto(position: number): void;
  /** QA: the next deadline comes now. */
  expire(): void;
  problem(text: string): void;
}
