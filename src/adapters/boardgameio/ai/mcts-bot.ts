/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's bot API: its callbacks take any game's G */
/**
 * boardgame.io's `MCTSBot`: Monte-Carlo tree search over the game's
 * enumerated actions, each tried on turnchart's game reducer. It runs
 * `iterations` rounds of select (UCT), expand (one untried action, drawn at
 * random), playout (random actions up to `playoutDepth`, stopping early
 * when an objective is met) and backpropagate, then plays the most visited
 * action. The same seed, game and options visit the same tree as
 * boardgame.io's bot.
 */
import type { Ctx, PlayerID } from '../../../machines';
import { CreateGameReducer, type GameReducer } from '../game-reducer';
import type { BoardgameGame, State } from '../types';
import { Bot, type BotAction, type BotOptions, type BotPlay } from './bot';
import { seatToPlay } from './seat-to-play';

/** A goal worth `weight` to a playout that reaches a state where `checker` holds. */
export interface Objective {
  checker: (G: any, ctx: Ctx) => boolean;
  weight: number;
}
export type Objectives = (G: any, ctx: Ctx, playerID: PlayerID) => Record<string, Objective>;

/** A node of the search tree: a state, the actions not tried from it yet, and its score so far. */
export interface MCTSNode {
  state: State;
  parent?: MCTSNode;
  parentAction?: BotAction;
  actions: BotAction[];
  objectives: Record<string, Objective> | Record<string, Objective>[];
  children: MCTSNode[];
  visits: number;
  value: number;
}

/** What a playout ends with: the game's `gameover`, an objective score, or nothing. */
type PlayoutResult = { score?: number; draw?: boolean; winner?: unknown } | undefined;

export interface MCTSBotOptions extends BotOptions {
  game: BoardgameGame;
  objectives?: Objectives;
  iterations?: number | ((G: any, ctx: Ctx) => number);
  playoutDepth?: number | ((G: any, ctx: Ctx) => number);
  iterationCallback?: (progress: { iterationCounter: number; numIterations: number; metadata: MCTSNode }) => void;
}

/** Iterations between two yields to the event loop when the `async` option is on. */
const CHUNK_SIZE = 25;

const yieldToLoop: (fn: () => void) => void =
  typeof setImmediate === 'function' ? (fn) => setImmediate(fn) : (fn) => setTimeout(fn, 0);

export class MCTSBot extends Bot {
  private readonly objectives: Objectives;
  private readonly iterationCallback: NonNullable<MCTSBotOptions['iterationCallback']>;
  private readonly reducer: GameReducer;
  private readonly iterations: MCTSBotOptions['iterations'];
  private readonly playoutDepth: MCTSBotOptions['playoutDepth'];

  constructor({ enumerate, seed, objectives, game, iterations, playoutDepth, iterationCallback }: MCTSBotOptions) {
    super({ enumerate, seed });
    this.objectives = objectives ?? (() => ({}));
    this.iterationCallback = iterationCallback ?? (() => undefined);
    this.reducer = CreateGameReducer({ game });
    this.iterations = iterations;
    this.playoutDepth = playoutDepth;
    this.addOpt({ key: 'async', initial: false });
    this.addOpt({
      key: 'iterations',
      initial: typeof iterations === 'number' ? iterations : 1000,
      range: { min: 1, max: 2000 },
    });
    this.addOpt({
      key: 'playoutDepth',
      initial: typeof playoutDepth === 'number' ? playoutDepth : 50,
      range: { min: 1, max: 100 },
    });
  }

  /** With no `playerID`, the node lists the actions of every active player (or of the current one). */
  createNode({
    state,
    parentAction,
    parent,
    playerID,
  }: {
    state: State;
    parentAction?: BotAction;
    parent?: MCTSNode;
    playerID?: PlayerID;
  }): MCTSNode {
    const { G, ctx } = state;
    let actions: BotAction[] = [];
    let objectives: MCTSNode['objectives'] = [];
    if (playerID !== undefined) {
      actions = this.enumerate(G, ctx, playerID);
      objectives = this.objectives(G, ctx, playerID);
    } else if (ctx.activePlayers) {
      for (const active in ctx.activePlayers) {
        actions.push(...this.enumerate(G, ctx, active));
        (objectives as Record<string, Objective>[]).push(this.objectives(G, ctx, active));
      }
    } else {
      actions = this.enumerate(G, ctx, ctx.currentPlayer);
      objectives = this.objectives(G, ctx, ctx.currentPlayer);
    }
    return { state, parent, parentAction, actions, objectives, children: [], visits: 0, value: 0 };
  }

  /** Down the tree by UCT to a node with untried actions, or a leaf. */
  select(node: MCTSNode): MCTSNode {
    while (node.actions.length === 0 && node.children.length > 0) {
      let selected: MCTSNode | null = null;
      let best = 0;
      for (const child of node.children) {
        const visits = child.visits + Number.EPSILON;
        const uct = child.value / visits + Math.sqrt((2 * Math.log(node.visits)) / visits);
        if (selected === null || uct > best) {
          best = uct;
          selected = child;
        }
      }
      node = selected!;
    }
    return node;
  }

  /** Try one untried action of `node`, drawn at random, as a new child. */
  expand(node: MCTSNode): MCTSNode {
    const { actions } = node;
    if (actions.length === 0 || node.state.ctx.gameover !== undefined) return node;
    const id = this.random(actions.length);
    const action = actions[id];
    actions.splice(id, 1);
    const child = this.createNode({
      state: this.reducer(node.state, action) as State,
      parentAction: action,
      parent: node,
    });
    node.children.push(child);
    return child;
  }

  /** Random actions from the node's state until the game ends, an objective is met, or the depth runs out. */
  playout({ state }: MCTSNode): PlayoutResult {
    let depth: number = this.getOpt('playoutDepth');
    if (typeof this.playoutDepth === 'function') depth = this.playoutDepth(state.G, state.ctx);
    for (let i = 0; i < depth && state.ctx.gameover === undefined; i++) {
      const { G, ctx } = state;
      const playerID = seatToPlay(ctx);
      const moves = this.enumerate(G, ctx, playerID);
      const objectives = this.objectives(G, ctx, playerID);
      let score = 0;
      for (const key of Object.keys(objectives)) if (objectives[key].checker(G, ctx)) score += objectives[key].weight;
      if (score > 0) return { score };
      if (!moves || moves.length === 0) return undefined;
      state = this.reducer(state, moves[this.random(moves.length)]) as State;
    }
    return state.ctx.gameover as PlayoutResult;
  }

  /** Credit the result to `node` and its ancestors: a win to the nodes whose action the winner played. */
  backpropagate(node: MCTSNode, result: PlayoutResult = {}): void {
    // A `gameover` of null would make boardgame.io throw here; it counts as no result.
    const outcome = result ?? {};
    for (let at: MCTSNode | undefined = node; at; at = at.parent) {
      at.visits++;
      if (outcome.score !== undefined) at.value += outcome.score;
      if (outcome.draw === true) at.value += 0.5;
      if (at.parentAction && outcome.winner === at.parentAction.payload.playerID) at.value++;
    }
  }

  play(state: State, playerID: PlayerID): Promise<BotPlay> {
    const root = this.createNode({ state, playerID });
    let numIterations: number = this.getOpt('iterations');
    if (typeof this.iterations === 'function') numIterations = this.iterations(state.G, state.ctx);
    const iteration = () => {
      for (let i = 0; i < CHUNK_SIZE && this.iterationCounter < numIterations; i++) {
        const child = this.expand(this.select(root));
        this.backpropagate(child, this.playout(child));
        this.iterationCounter++;
      }
      this.iterationCallback({ iterationCounter: this.iterationCounter, numIterations, metadata: root });
    };
    const result = (): BotPlay => {
      let selected: MCTSNode | null = null;
      for (const child of root.children) if (selected === null || child.visits > selected.visits) selected = child;
      return { action: selected?.parentAction, metadata: root };
    };
    this.iterationCounter = 0;
    if (!this.getOpt('async')) {
      while (this.iterationCounter < numIterations) iteration();
      return Promise.resolve(result());
    }
    return new Promise((resolve) => {
      const next = () => {
        if (this.iterationCounter >= numIterations) return resolve(result());
        iteration();
        yieldToLoop(next);
      };
      next();
    });
  }
}
