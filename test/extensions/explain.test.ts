/**
 * explain(game, context, request): why a request would be refused, naming
 * the chart state, the guard and the config location.
 */
import { createGame, explain } from 'turnchart';
import { Discard } from '../../examples/discard/game';
import { CardPhases } from '../../examples/card-phases/game';

describe('explain', () => {
  test('a player in a stage asking for a move the stage does not allow', () => {
    const match = createGame(Discard, { numPlayers: 4 });
    match.move('playCard', [], '0');
    const context = match.actor.getSnapshot().context;
    const why = explain(Discard, context, { type: 'move.playCard', playerID: '2', args: [] });
    expect(why).toMatchObject({
      ok: false,
      code: 'MOVE_NOT_ALLOWED',
      state: 'player2.discard',
      location: 'turn.stages.discard.moves',
    });
    expect(why.text).toBe(
      'player 2 is in stage `discard`, which allows only `discard` (turn.stages.discard.moves); move `playCard` is not among them.',
    );
    // A refused request passes no guard; an accepted move names the guard of its edge.
    expect(why.guard).toBeUndefined();
    expect(explain(Discard, context, { type: 'move.discard', playerID: '2', args: [] })).toMatchObject({
      ok: true,
      guard: 'turn.stages.discard.moves',
    });
  });

  test('an idle player: who may act instead', () => {
    const match = createGame(Discard, { numPlayers: 3 });
    match.move('playCard', [], '0');
    const why = explain(Discard, match.actor.getSnapshot().context, { type: 'move.playCard', playerID: '0', args: [] });
    expect(why).toMatchObject({ ok: false, code: 'PLAYER_NOT_ACTIVE', state: 'player0.idle' });
    expect(why.text).toBe(
      'player 0 is idle: only player 1 (stage `discard`), player 2 (stage `discard`) may act, so move `playCard` is refused.',
    );
  });

  test('a phase that allows other moves', () => {
    const match = createGame(CardPhases, { numPlayers: 2 });
    const why = explain(CardPhases, match.actor.getSnapshot().context, {
      type: 'move.playCard',
      playerID: '0',
      args: [],
    });
    expect(why.text).toBe(
      'player 0 is active, in no stage in phase `draw`, which allows only `drawCard` (phases.draw.moves); move `playCard` is not among them.',
    );
    expect(why.location).toBe('phases.draw.moves');
  });

  test('an accepted request, and other refusals pass their reason through', () => {
    const match = createGame(CardPhases, { numPlayers: 2 });
    const context = match.actor.getSnapshot().context;
    expect(explain(CardPhases, context, { type: 'move.drawCard', playerID: '0', args: [] })).toMatchObject({
      ok: true,
      text: 'player 0 is active, in no stage in phase `draw`: move `drawCard` is allowed.',
    });
    expect(explain(CardPhases, context, { type: 'setPhase', playerID: '0', args: ['nope'] })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_PHASE',
    });
    // explain never changes the match.
    expect(match.actor.getSnapshot().context).toBe(context);
  });
});
