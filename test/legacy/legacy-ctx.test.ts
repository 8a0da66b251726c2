/**
 * The `ctx` a 0.3x/0.4x move, hook or trigger receives (calling-convention.ts
 * `legacyCtx`) is the one boardgame.io 0.49 gives: ctx's keys in order,
 * then `random`, `log`, `events` and a move's `playerID`; a fresh object per
 * call, so that what game code writes on it reaches no later call; and the
 * same at the game's end (`gameover` in ctx).
 */
import { legacyCtx, type Convention } from '../../src/adapters/legacy/calling-convention';
import { copyCtx, createGame } from '../../src/machines';
import { oldMatch, turnchartMatch, type Fixture, type Step } from './support/releases';

/** Each call notes its ctx's keys and what an earlier call wrote on a ctx (nothing, if each call has its own). */
const writer: Fixture = ({ INVALID_MOVE }) => {
  const seen = (G: any, ctx: any, who: string) =>
    G.seen.push(`${who}: ${Object.keys(ctx).join(',')} mark=${String(ctx.mark)}`);
  return {
    setup: () => ({ n: 0, seen: [] as string[] }),
    moves: {
      m: (G: any, ctx: any) => {
        seen(G, ctx, 'move');
        ctx.mark = 'move';
        ctx.turn = -1;
        G.n++;
      },
      refused: (G: any, ctx: any) => {
        ctx.mark = 'refused';
        return INVALID_MOVE;
      },
    },
    turn: {
      onBegin: (G: any, ctx: any) => void seen(G, ctx, 'turn.onBegin'),
      endIf: (_G: any, ctx: any) => {
        ctx.mark = 'turn.endIf';
        return ctx.numMoves >= 2;
      },
    },
    endIf: (G: any, ctx: any) => {
      const over = G.n >= 5 ? { winner: ctx.currentPlayer } : undefined;
      ctx.mark = 'endIf';
      return over;
    },
    onEnd: (G: any, ctx: any) => void seen(G, ctx, 'onEnd'),
  };
};

const steps: Step[] = [
  { move: 'm', args: [], playerID: '0' },
  { move: 'refused', args: [], playerID: '0' },
  { move: 'm', args: [], playerID: '0' },
  { move: 'm', args: [], playerID: '1' },
  { move: 'm', args: [], playerID: '1' },
  { move: 'm', args: [], playerID: '0' },
];

test('ctx for game code as boardgame.io 0.49 gives it', () => {
  const old = oldMatch('0.49', writer, 2);
  const ours = turnchartMatch(writer, 2, '0.4x');
  for (const step of steps) {
    old.apply(step);
    ours.apply(step);
  }
  expect(old.state.ctx.gameover).toEqual({ winner: '0' });
  expect(ours.state.G.seen).toEqual(old.state.G.seen);
  expect(ours.state.G.seen.some((line: string) => line.startsWith('onEnd: ') && line.includes(',gameover,'))).toBe(
    true,
  );
  expect(ours.state.G.seen.every((line: string) => line.endsWith('mark=undefined'))).toBe(true);
});

test("a match in play's legacy ctx (one literal) has the keys and values of the general path: ctx's copy, then the APIs", () => {
  const match = createGame(
    { turn: { activePlayers: { currentPlayer: 'a' }, stages: { a: {} } }, moves: { m: () => undefined } },
    { numPlayers: 3 },
  );
  const { ctx } = match.getState();
  const apis = { random: { D6: () => 1 }, log: { setMetadata: () => undefined } };
  const legacyEvents = { endTurn: () => undefined };
  const convention: Convention = { api: '0.4x', events: () => legacyEvents };
  const literal = legacyCtx({ ctx, G: {}, events: {} as never, ...apis, playerID: '1' } as never, convention);
  const general = { ...copyCtx(ctx), ...apis, events: legacyEvents, playerID: '1' };
  expect(Object.keys(literal)).toEqual(Object.keys(general));
  expect(literal).toEqual(general);
  match.stop();
});
