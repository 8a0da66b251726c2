/**
 * An abstraction of a game in which every `endIf` may go either way. The
 * game's config is copied with each `endIf` (the game's, each phase's, each
 * turn's) wrapped; while a request is worked out under a mode, the wrapped
 * functions answer:
 * - `real`: what the game's own function says;
 * - `never`: no `endIf` is true;
 * - `force <location>`: that `endIf` is true the first time it is asked
 *   (once, so the flow can settle), every other one answers for real.
 * Exploring the chart under every mode finds the phases, turns and games an
 * `endIf` could end even when the G it needs is far away, or never reached.
 */
import type { EndIf, Game, PhaseConfig, TurnConfig } from '../../machines';

export type OracleMode = { kind: 'real' } | { kind: 'never' } | { kind: 'force'; location: string };

export interface EndIfOracle {
  /** The copied game whose `endIf`s follow the current mode. */
  game: Game;
  /** Every `endIf` of the config: `endIf`, `phases.<name>.endIf`, `phases.<name>.turn.endIf`, `turn.endIf`. */
  locations: string[];
  /** Every mode: real, never, and one `force` per location. */
  modes: OracleMode[];
  /** Run `work` with the `endIf`s answering in `mode`. */
  run<T>(mode: OracleMode, work: () => T): T;
}

export function modeLabel(mode: OracleMode): string {
  if (mode.kind === 'real') return 'real';
  if (mode.kind === 'never') return 'every endIf false';
  return `${mode.location} forced true`;
}

export function createEndIfOracle(game: Game): EndIfOracle {
  let mode: OracleMode = { kind: 'real' };
  let fired = false;
  const locations: string[] = [];
  const wrap = (endIf: EndIf | undefined, location: string): EndIf | undefined => {
    if (typeof endIf !== 'function') return endIf;
    locations.push(location);
    return (context) => {
      if (mode.kind === 'never') return undefined;
      if (mode.kind === 'force' && mode.location === location && !fired) {
        fired = true;
        return true;
      }
      return endIf(context);
    };
  };
  const wrapTurn = (turn: TurnConfig | undefined, where: string): TurnConfig | undefined =>
    turn === undefined ? undefined : { ...turn, endIf: wrap(turn.endIf, `${where}.endIf`) as TurnConfig['endIf'] };

  const copy: Game = { ...game, endIf: wrap(game.endIf, 'endIf'), turn: wrapTurn(game.turn, 'turn') };
  if (game.phases) {
    const phases: Record<string, PhaseConfig> = {};
    for (const [name, phase] of Object.entries(game.phases)) {
      phases[name] = {
        ...phase,
        endIf: wrap(phase.endIf, `phases.${name}.endIf`) as PhaseConfig['endIf'],
        turn: wrapTurn(phase.turn, `phases.${name}.turn`),
      };
    }
    copy.phases = phases;
  }
  for (const key of ['endIf', 'turn'] as const) if (copy[key] === undefined) delete copy[key];
  for (const phase of Object.values(copy.phases ?? {}))
    for (const key of ['endIf', 'turn'] as const) if (phase[key] === undefined) delete phase[key];

  return {
    game: copy,
    locations,
    modes: [
      { kind: 'real' },
      { kind: 'never' },
      ...locations.map((location) => ({ kind: 'force' as const, location })),
    ],
    run(next, work) {
      const previous = mode;
      const previousFired = fired;
      mode = next;
      fired = false;
      try {
        return work();
      } finally {
        mode = previous;
        fired = previousFired;
      }
    },
  };
}
