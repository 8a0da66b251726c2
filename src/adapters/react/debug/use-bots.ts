/**
 * The AI tab's bots: turnchart/boardgameio's MCTSBot and RandomBot (the
 * game's `ai.enumerate` lists what they may try), playing on the client as
 * boardgame.io's panel does: `step` lets the bot play one action for the
 * seat whose turn it is (boardgame.io's `Step`), `simulate` keeps stepping
 * until the game ends, the bot has nothing to play, or `stop`. MCTS thinks
 * in chunks between which the page stays responsive, and reports its
 * progress. Bots play a local match only: a multiplayer match is the
 * server's (its seats take bots through `Local({ bots })`).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TurnchartClient } from '../../boardgameio/client';
import type { Bot, BotAction, BotOption } from '../../boardgameio/ai/bot';
import { MCTSBot } from '../../boardgameio/ai/mcts-bot';
import { RandomBot } from '../../boardgameio/ai/random-bot';
import { Step } from '../../boardgameio/ai/step';

export type BotKind = 'MCTS' | 'Random';
export const BOT_KINDS: readonly BotKind[] = ['MCTS', 'Random'];

/** Between two simulated actions, so the board can be watched. */
const SIMULATE_PAUSE_MS = 100;

export interface BotStatus {
  busy: boolean;
  simulating: boolean;
  /** "iteration 250 / 1000" while MCTS thinks. */
  progress?: string;
  /** What the bot did last, or why it did nothing. */
  said?: string;
  error?: string;
}

export interface Bots {
  /** Why the bots cannot play here; undefined when they can. */
  unavailable?: string;
  kind: BotKind;
  setKind(kind: BotKind): void;
  /** The bot's tunable options (MCTS: iterations, playoutDepth), with their ranges. */
  options: [string, BotOption][];
  setOption(key: string, value: number): void;
  status: BotStatus;
  step(): Promise<void>;
  simulate(): Promise<void>;
  stop(): void;
  reset(): void;
}

const describe = (action: BotAction): string => {
  const { type, args, playerID } = action.payload;
  const list = args === undefined || args === null ? [] : Array.isArray(args) ? args : [args];
  const what = action.type === 'MAKE_MOVE' ? `move.${type}` : String(type);
  return `player ${String(playerID)}: ${what} ${JSON.stringify(list)}`;
};

function unavailableFor(client: TurnchartClient): string | undefined {
  if (client.multiplayer)
    return 'the server plays this match: bots take seats on the server (Local({ bots }) or a bot client)';
  if (typeof client.game.ai?.enumerate !== 'function')
    return 'this game has no ai.enumerate(G, ctx, playerID): the bots need the list of actions to try';
  return undefined;
}

const isOver = (client: TurnchartClient) => client.store.getState()?.ctx.gameover !== undefined;

export function useBots(client: TurnchartClient): Bots {
  const unavailable = unavailableFor(client);
  const [kind, setKind] = useState<BotKind>('MCTS');
  const [status, setStatus] = useState<BotStatus>({ busy: false, simulating: false });
  const [, setOptionsShown] = useState(0);
  const live = useRef(true);
  const simulating = useRef(false);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      simulating.current = false;
    };
  }, []);
  const report = useCallback((change: Partial<BotStatus>) => {
    if (live.current) setStatus((before) => ({ ...before, ...change }));
  }, []);

  const bot: Bot | undefined = useMemo(() => {
    if (unavailable) return undefined;
    const enumerate = client.game.ai!.enumerate;
    if (kind === 'Random') return new RandomBot({ enumerate });
    const mcts = new MCTSBot({
      game: client.game,
      enumerate,
      iterationCallback: ({ iterationCounter, numIterations }) =>
        report({ progress: `iteration ${iterationCounter} / ${numIterations}` }),
    });
    mcts.setOpt('async', true);
    return mcts;
  }, [client, kind, unavailable, report]);

  /** One action by the bot; false when it played nothing (game over, nothing to play, an error). */
  const playOne = useCallback(async (): Promise<boolean> => {
    if (!bot) return false;
    if (isOver(client)) {
      report({ said: 'the game is over' });
      return false;
    }
    try {
      const action = await Step(client, bot);
      report({
        progress: undefined,
        said: action ? describe(action) : 'the bot found nothing to play',
        error: undefined,
      });
      return action !== undefined;
    } catch (error) {
      report({ progress: undefined, error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }, [bot, client, report]);

  const step = useCallback(async () => {
    if (status.busy) return;
    report({ busy: true, said: undefined, error: undefined });
    await playOne();
    report({ busy: false });
  }, [playOne, report, status.busy]);

  const simulate = useCallback(async () => {
    if (status.busy) return;
    simulating.current = true;
    report({ busy: true, simulating: true, said: undefined, error: undefined });
    while (simulating.current && (await playOne()) && simulating.current)
      await new Promise((resolve) => setTimeout(resolve, SIMULATE_PAUSE_MS));
    simulating.current = false;
    report({ busy: false, simulating: false });
  }, [playOne, report, status.busy]);

  const stop = useCallback(() => {
    simulating.current = false;
  }, []);

  const reset = useCallback(() => {
    simulating.current = false;
    client.reset();
    report({ said: undefined, error: undefined, progress: undefined });
  }, [client, report]);

  const setOption = useCallback(
    (key: string, value: number) => {
      bot?.setOpt(key, value);
      setOptionsShown((n) => n + 1);
    },
    [bot],
  );
  const options = bot ? Object.entries(bot.opts()).filter(([, option]) => option.range !== undefined) : [];
  return { unavailable, kind, setKind, options, setOption, status, step, simulate, stop, reset };
}
