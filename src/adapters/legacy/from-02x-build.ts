/** What every part of a 0.2x translation shares: the flow, its moves and phase names, and small checks. */
import type { LatentMistake, EndIf, Hook, MoveMap } from '../../machines';
import { asMove, asTrigger, type Convention } from './calling-convention';
import { LegacyGameError } from './errors';
import { legacyEvents } from './events';

export type Loose = Record<string, any>;

export const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Phase keys that fall back to the flow-level key of the same name. */
export type Override =
  | 'allowedMoves'
  | 'endTurnIf'
  | 'endGameIf'
  | 'onTurnBegin'
  | 'onTurnEnd'
  | 'onMove'
  | 'turnOrder'
  | 'movesPerTurn'
  | 'undoableMoves';

export interface Build {
  flow: Loose;
  convention: Convention;
  moves: MoveMap;
  /** Phase names, in declaration order (array form: the cycle). */
  names: string[];
  arrayForm: boolean;
  /** Whether G carries the phase history (object form with declared phases). */
  tracking: boolean;
  starting: string;
  /** Mistakes that matter only if play reaches them, with their 0.2x paths. */
  latent: LatentMistake[];
}

export const CONVENTION: Convention = {
  api: '0.2x',
  events: (events, G, ctx) => legacyEvents('0.2x', events, G, ctx),
};

/** The phase's own value of a key, else the flow's, with the path it came from. */
export function pick(build: Build, conf: Loose, at: string, key: Override): [unknown, string] {
  return conf[key] !== undefined ? [conf[key], `${at}.${key}`] : [build.flow[key], `flow.${key}`];
}

function checkFunction(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== 'function')
    throw new LegacyGameError(where, 'must be a function (G, ctx)');
}

export function hook(value: unknown, where: string, extraArgs?: () => unknown[]): Hook | undefined {
  checkFunction(value, where);
  return value ? asMove(value as (...args: any[]) => any, CONVENTION, extraArgs) : undefined;
}

export function trigger(value: unknown, where: string): EndIf<any, any> | undefined {
  checkFunction(value, where);
  return value ? asTrigger(value as (...args: any[]) => any, CONVENTION) : undefined;
}
