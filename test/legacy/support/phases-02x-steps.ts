/** The 0.2x Phases guide's steps, played on turnchart/legacy (read as 0.2x) and compared with an old release. */
import { compare, oldMatch, turnchartMatch, type Fixture, type Release, type Step } from './releases';

export const move = (name: string, playerID = '0', ...args: unknown[]): Step => ({ move: name, args, playerID });
export const event = (name: string, playerID = '0', ...args: unknown[]): Step => ({ event: name, args, playerID });
export const times = (n: number, step: Step): Step[] => Array.from({ length: n }, () => step);

/** Play `steps` on turnchart; returns the state after each step. */
export function run(fixture: Fixture, numPlayers: number, steps: Step[]) {
  const match = turnchartMatch(fixture, numPlayers, '0.2x');
  const states = [match.state];
  for (const step of steps) {
    match.apply(step);
    states.push(match.state);
  }
  return states;
}

export const phases = (states: any[]) => states.map((s) => s.ctx.phase);

/** The same steps on an old release and on turnchart: G and the shared ctx fields after every step. */
export function expectSameAs(
  release: Release,
  fixture: Fixture,
  numPlayers: number,
  steps: Step[],
  ignore: string[] = ['turn'],
): void {
  const old = oldMatch(release, fixture, numPlayers);
  const ours = turnchartMatch(fixture, numPlayers, '0.2x');
  const check = () => {
    const c = compare(old.state, ours.state, ignore);
    expect(c.fields).toEqual(expect.arrayContaining(['currentPlayer', 'playOrder', 'playOrderPos', 'phase']));
    expect(c.G.turnchart).toEqual(c.G.old);
    expect(c.ctx.turnchart).toEqual(c.ctx.old);
  };
  check();
  for (const step of steps) {
    old.apply(step);
    ours.apply(step);
    check();
  }
}
