/**
 * A random game's description (random-game-desc.ts) built into a fresh game
 * object for one engine, from the library (`kit`) that engine exports:
 * boardgame.io mutates the object it is given, so each engine gets its own.
 */
import type { EventCall, ExtensionsDesc, GameDesc, MoveDesc, TurnDesc } from './random-game-desc';

export interface Kit {
  TurnOrder: any;
  INVALID_MOVE: string;
}

function record(G: any, entry: string): void {
  G.log.push(entry);
  if (G.log.length > 12) G.log.shift();
}

function callEvents(events: any, calls: EventCall[]): void {
  for (const call of calls) {
    if ('arg' in call) events[call.type](structuredClone(call.arg));
    else events[call.type]();
  }
}

function buildMoves(moves: MoveDesc[], kit: Kit, where: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const m of moves) {
    const fn = ({ G, events, random, playerID }: any) => {
      if (m.invalidEvery && G.count % m.invalidEvery === 0 && G.count > 0) return kit.INVALID_MOVE;
      G.count++;
      record(G, `${where}.${m.name}:${playerID}`);
      if (m.rolls) G.roll = random.D6();
      callEvents(events, m.calls);
      return undefined;
    };
    out[m.name] = m.noLimit ? { move: fn, noLimit: true } : fn;
  }
  return out;
}

function buildTurn(t: TurnDesc, kit: Kit, where: string, ext?: ExtensionsDesc): any {
  const orders: Record<string, any> = {
    DEFAULT: kit.TurnOrder.DEFAULT,
    RESET: kit.TurnOrder.RESET,
    CONTINUE: kit.TurnOrder.CONTINUE,
    ONCE: kit.TurnOrder.ONCE,
    CUSTOM: kit.TurnOrder.CUSTOM(['1', '0']),
    CUSTOM_FROM: kit.TurnOrder.CUSTOM_FROM('order'),
    'custom-reverse': {
      first: ({ ctx }: any) => ctx.playOrder.length - 1,
      next: ({ ctx }: any) => (ctx.playOrderPos + ctx.playOrder.length - 1) % ctx.playOrder.length,
    },
  };
  const turn: any = { order: orders[t.order] };
  if (t.activePlayers !== undefined) turn.activePlayers = structuredClone(t.activePlayers);
  if (t.minMoves !== undefined) turn.minMoves = t.minMoves;
  if (t.maxMoves !== undefined) turn.maxMoves = t.maxMoves;
  if (t.endIfAt !== undefined) turn.endIf = ({ G }: any) => G.count >= t.endIfAt! && G.count % 2 === 0;
  turn.onBegin = ({ G, events }: any) => {
    record(G, `${where}.onBegin`);
    callEvents(events, t.onBeginCalls);
  };
  turn.onEnd = ({ G }: any) => {
    G.turnEnds++;
  };
  if (t.onMoveRecords) turn.onMove = ({ G, playerID }: any) => record(G, `${where}.onMove:${playerID}`);
  if (t.stages.length) {
    turn.stages = {};
    for (const s of t.stages) {
      turn.stages[s.name] = {};
      if (s.moves) turn.stages[s.name].moves = buildMoves(s.moves, kit, `${where}.${s.name}`);
      if (s.next) turn.stages[s.name].next = s.next;
      if (ext?.stageHooks) {
        turn.stages[s.name].onBegin = ({ G, playerID }: any) => record(G, `${where}.${s.name}.onBegin:${playerID}`);
        turn.stages[s.name].onEnd = ({ G, playerID }: any) => record(G, `${where}.${s.name}.onEnd:${playerID}`);
      }
      if (ext?.stageLimits) Object.assign(turn.stages[s.name], { minMoves: 1, maxMoves: 2 });
      if (ext?.stageEndIfEvery) {
        const every = ext.stageEndIfEvery;
        turn.stages[s.name].endIf = ({ G }: any) => G.count > 0 && G.count % every === 0;
      }
    }
  }
  return turn;
}

/** A fresh game object for one engine. */
export function buildGame(desc: GameDesc, kit: Kit, seed = 'differential'): any {
  const game: any = {
    seed,
    setup: ({ ctx }: any) => ({ count: 0, turnEnds: 0, log: [], roll: 0, order: [...ctx.playOrder].reverse() }),
    moves: buildMoves(desc.moves, kit, 'moves'),
    turn: buildTurn(desc.turn, kit, 'turn', desc.extensions),
  };
  if (desc.extensions?.eventsFirst) game.ordering = 'events-first';
  if (desc.endIfAt !== undefined) {
    const counted = ({ G }: any) => G.count + (desc.endIfCountsTurnEnds ? G.turnEnds : 0);
    game.endIf = (args: any) => (counted(args) >= desc.endIfAt! ? { winner: 'count' } : undefined);
  }
  game.onEnd = ({ G }: any) => record(G, 'game.onEnd');
  if (desc.phases.length) {
    game.phases = {};
    for (const p of desc.phases) {
      const phase: any = {};
      if (p.start) phase.start = true;
      if (typeof p.next === 'string') phase.next = p.next;
      else if (p.next) {
        const cycle = p.next.fn;
        phase.next = ({ G }: any) => cycle[G.count % cycle.length];
      }
      if (p.endIfAt !== undefined) {
        const at = p.endIfAt;
        phase.endIf = ({ G }: any) =>
          G.count >= at && G.count % 3 === at % 3 ? (p.endIfNext ? { next: p.endIfNext } : true) : false;
      }
      if (p.moves) phase.moves = buildMoves(p.moves, kit, p.name);
      if (p.turn) phase.turn = buildTurn(p.turn, kit, `${p.name}.turn`, desc.extensions);
      if (p.onBeginRecords) phase.onBegin = ({ G }: any) => record(G, `${p.name}.onBegin`);
      phase.onEnd = ({ G }: any) => record(G, `${p.name}.onEnd`);
      game.phases[p.name] = phase;
    }
  }
  return game;
}
