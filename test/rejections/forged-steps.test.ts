/**
 * The chart's step events (endStage, setStage, ... carrying a `tc` payload)
 * are raised by the machine alone. One sent from outside, even a copy of a
 * real one, is an ordinary request: checked by the flow, and it cannot move
 * a seat by itself.
 */
import { createActor, type InspectionEvent } from 'xstate';
import { createGameMachine, type Game } from 'turnchart';

const game: Game = {
  moves: { play: ({ events }) => events.setActivePlayers({ others: 'wait' }) },
  turn: { stages: { wait: { moves: { skip: () => undefined } } } },
};

test('a copy of a raised step changes nothing', () => {
  const raised: { type: string; tc?: unknown }[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep' && 'tc' in event.event)
      raised.push(event.event as { type: string; tc?: unknown });
  };
  const machine = createGameMachine(game, { numPlayers: 3 });
  const recorder = createActor(machine, { input: { seed: 'forge' }, inspect }).start();
  recorder.send({ type: 'move.play', playerID: '0', args: [] });
  const seatStep = raised.find((event) => event.type === 'setActivePlayers');
  expect(seatStep).toBeDefined();

  const target = createActor(machine, { input: { seed: 'forge' } }).start();
  const before = target.getSnapshot();
  for (const forged of [
    seatStep!,
    JSON.parse(JSON.stringify(seatStep)),
    { ...seatStep!, tc: { ...(seatStep!.tc as object) } },
  ]) {
    target.send(forged as never);
    const after = target.getSnapshot();
    expect(after.value).toEqual(before.value);
    expect(after.context.ctx).toEqual(before.context.ctx);
    expect(after.context.G).toEqual(before.context.G);
  }
  // Sent again to the actor that raised it: the context already holds its outcome, and nothing changes.
  const settled = recorder.getSnapshot();
  recorder.send(seatStep as never);
  expect(recorder.getSnapshot().value).toEqual(settled.value);
  expect(recorder.getSnapshot().context).toEqual(settled.context);
  // The real request still works afterwards.
  target.send({ type: 'move.play', playerID: '0', args: [] });
  expect(target.getSnapshot().context.ctx.activePlayers).toEqual({ 1: 'wait', 2: 'wait' });
});
