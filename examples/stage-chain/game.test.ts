import { createGame, createGameMachine, type TurnchartGame } from 'turnchart';
import { expectChartAgrees } from '../../test/support/invariants';
import { seatsAlike, transitionSet } from '../../test/support/transition-set';
import { StageChain } from './game';

const seat = (match: TurnchartGame, id: number) =>
  (match.getStateValue() as { phases: Record<string, { turn: Record<string, string> }> }).phases['(no phase)'].turn[
    `player${id}`
  ];

describe('stage-chain example', () => {
  test('endStage follows each stage’s next around the chain: heat → hammer → quench → heat', () => {
    const match = createGame(StageChain, { numPlayers: 2, seed: 'chain' });
    expect(seat(match, 0)).toBe('heat');
    const order: string[] = [seat(match, 0)];
    for (let i = 0; i < 3; i++) {
      expect(match.event('endStage', undefined, '0')).toEqual({ ok: true });
      order.push(seat(match, 0));
      expectChartAgrees(StageChain, match);
    }
    expect(order).toEqual(['heat', 'hammer', 'quench', 'heat']);
    expect(match.getState().ctx.activePlayers).toEqual({ 0: 'heat' });
    // Only the stage's own moves: no strike while heating.
    expect(match.move('strike', [], '0')).toMatchObject({ ok: false, error: { code: 'MOVE_NOT_ALLOWED' } });
    expect(match.event('endTurn', undefined, '0')).toEqual({ ok: true });
    expect([seat(match, 0), seat(match, 1)]).toEqual(['idle', 'heat']);
  });

  test('a blade worked through the chain three times wins', () => {
    const match = createGame(StageChain, { numPlayers: 2, seed: 'chain' });
    for (let round = 0; round < 3; round++) {
      for (const [move, stage] of [
        ['stoke', 'heat'],
        ['stoke', 'heat'],
        ['strike', 'hammer'],
        ['strike', 'hammer'],
        ['dip', 'quench'],
      ] as const) {
        while (seat(match, 0) !== stage) expect(match.event('endStage', undefined, '0')).toEqual({ ok: true });
        expect(match.move(move, [], '0')).toEqual({ ok: true });
        if (match.getState().ctx.gameover) break;
      }
    }
    expect(match.getState().ctx.gameover).toEqual({ winner: '0' });
    expect(match.getStateValue()).toBe('gameover');
  });

  test('the chart has exactly these endStage edges: each stage to its next, nothing else from a stage', () => {
    const machine = createGameMachine(StageChain, { numPlayers: 3 });
    const endStage = transitionSet(machine, 0).filter((line) => line.includes(' --endStage '));
    expect(endStage).toEqual([
      'phases.(no phase).turn --endStage [endStage: no seat changes]--> (stays)',
      'phases.(no phase).turn.player0.idle --endStage [activePlayers.emptied]--> phases.(no phase).turn.player0.active',
      'phases.(no phase).turn.player0.active --endStage [endStage]--> phases.(no phase).turn.player0.idle',
      'phases.(no phase).turn.player0.heat --endStage [turn.stages.heat.next]--> phases.(no phase).turn.player0.hammer',
      'phases.(no phase).turn.player0.hammer --endStage [turn.stages.hammer.next]--> phases.(no phase).turn.player0.quench',
      'phases.(no phase).turn.player0.quench --endStage [turn.stages.quench.next]--> phases.(no phase).turn.player0.heat',
    ]);
    expect(seatsAlike(machine, 3)).toBe(true);
  });
});
