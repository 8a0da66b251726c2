import { CardPhases } from '../../examples/card-phases/game';
import { Discard } from '../../examples/discard/game';
import { compare } from '../harness';
import { playoutWorkloads, scriptedPlayout } from '../workloads';
import { ROUNDS, type AddRow } from './section';

/** 2. Playouts of two examples. */
export function playoutSection(add: AddRow): void {
  for (const name of ['discard', 'card-phases'] as const) {
    const actions = scriptedPlayout(name, 400);
    const { tc, bg } = playoutWorkloads(name === 'discard' ? Discard : CardPhases, actions);
    add(compare(`playout ${name} (${actions.length} actions)`, tc, bg, ROUNDS));
  }
}
