import { createGame, explain } from 'turnchart';
import { expectChartAgrees } from '../../test/support/invariants';
import { Ambush } from './game';

describe('stage-hooks example (Ambush): turnchart extensions', () => {
  test("an ambush sends the others into brace; its onBegin gives each an alert; the stage's limits allow one move", () => {
    const match = createGame(Ambush, { numPlayers: 3, seed: 'ambush' });
    expect(match.move('ambush', [], '0')).toEqual({ ok: true });
    expectChartAgrees(Ambush, match);
    const { G, ctx } = match.getState();
    expect(ctx.activePlayers).toEqual({ 1: 'brace', 2: 'brace' });
    expect(ctx._activePlayersMinMoves).toEqual({ 1: 1, 2: 1 });
    expect(ctx._activePlayersMaxMoves).toEqual({ 1: 1, 2: 1 });
    expect(G.alerts).toEqual({ 0: 0, 1: 1, 2: 1 });
    // events-first: turn.endIf saw the set the ambush made, so the turn goes on.
    expect(ctx.turn).toBe(1);
    // minMoves from the stage config: no leaving before a move.
    expect(match.event('endStage', undefined, '1')).toMatchObject({ ok: false, error: { code: 'MIN_MOVES_STAGE' } });
    expect(
      explain(Ambush, match.actor.getSnapshot().context, { type: 'move.rest', playerID: '1', args: [] }).text,
    ).toBe(
      'player 1 is in stage `brace`, which allows only `dodge` and `takeHit` (turn.stages.brace.moves); move `rest` is not among them.',
    );
  });

  test('each braced player moves once (maxMoves), onEnd logs them, and the turn ends when nobody braces any more', () => {
    const match = createGame(Ambush, { numPlayers: 3, seed: 'ambush' });
    match.move('ambush', [], '0');
    match.move('takeHit', [], '2');
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'brace' });
    expect(match.getState().G.log).toEqual(['braced:2']);
    match.move('dodge', [], '1');
    expectChartAgrees(Ambush, match);
    const { G, ctx } = match.getState();
    expect(G.log).toEqual(['braced:2', 'braced:1']);
    expect(G.health).toEqual({ 0: 2, 1: 1, 2: 1 });
    expect(ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: null });
  });

  test("a player with no health left is out of brace as soon as they enter it (the stage's endIf); the last one standing wins", () => {
    const match = createGame(Ambush, { numPlayers: 3, seed: 'ambush' });
    match.move('ambush', [], '0');
    match.move('takeHit', [], '1');
    match.move('takeHit', [], '2');
    expect(match.getState().ctx.currentPlayer).toBe('1');
    match.move('ambush', [], '1');
    match.move('takeHit', [], '2');
    match.move('dodge', [], '0');
    expect(match.getState().G.health).toEqual({ 0: 1, 1: 1, 2: 0 });
    // Player 2 is out of health: the turn order skips them.
    expect(match.getState().ctx.currentPlayer).toBe('0');
    const before = match.getState().G.log.length;
    match.move('ambush', [], '0');
    // Both others entered brace (onBegin ran for both); player 2's endIf took them out at once.
    expect(match.getState().G.alerts['2']).toBe(3);
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'brace' });
    expect(match.getState().G.log.slice(before)).toEqual(['braced:2']);
    expectChartAgrees(Ambush, match);
    match.move('takeHit', [], '1');
    expect(match.getState().ctx.gameover).toEqual({ winner: '0' });
    expect(match.getStateValue()).toBe('gameover');
  });

  test('the chart shows the stage hooks as entry and exit actions of the brace state', () => {
    const match = createGame(Ambush, { numPlayers: 2 });
    const brace = match.machine.root.states.phases.states['(no phase)'].states.turn.states.player1.states.brace;
    expect(brace.entry.map((a: any) => a.params?.hook)).toEqual(['turn.stages.brace.onBegin']);
    expect(brace.exit.map((a: any) => a.params?.hook)).toEqual(['turn.stages.brace.onEnd']);
    expect(brace.meta).toEqual({ endIf: 'turn.stages.brace.endIf' });
  });
});
