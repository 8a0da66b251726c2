/**
 * The whole chart of a game for a number of seats, as an xstate machine
 * config: `phases` with one state per phase, and the final `gameover`. It
 * names its guards and actions; the machine implements them
 * (game-machine.ts). The config holds no game code: it is plain data.
 */
import { phaseKey } from './chart-steps';
import { chartPhases, phaseState } from './phase-state';
import { hookMarker } from './seat-region';
import { RuleGuards } from './rule-guards';
import { Timers } from './timers';
import { edgeConfig } from './transition-config';
import { GameConfigError, RejectedAction } from '../engine/errors';
import { setActivePlayers } from '../engine/active-players';
import type { CompiledGame } from '../engine/config';
import type { ActivePlayersConfig, Ctx } from '../engine/types';

export interface ChartConfig {
  /** The machine config, without `context`. */
  config: Record<string, unknown>;
  /** The rule guards the config names. */
  guards: RuleGuards;
  /** The named delays of its time limits. */
  timers: Timers;
}

/** The game's end: its `endIf`, or an `endGame` call (from a player, a move or a hook). */
function gameEnds(game: CompiledGame, guards: RuleGuards) {
  const edge = (name: string, route: 'endIf' | 'endGame', description: string) =>
    edgeConfig({ guard: guards.gameover(name, route), target: 'gameover', description });
  const edges = [edge('endGame(result)', 'endGame', 'endGame was called')];
  if (game.endIf) edges.unshift(edge('endIf', 'endIf', "automatic when the game's endIf returns a result"));
  return edges;
}

/** A `turn.activePlayers` that could never apply is a config error, found when the machine is built. */
function checkTurnActivePlayers(config: ActivePlayersConfig | undefined, where: string, numPlayers: number): void {
  if (config === undefined) return;
  const ctx: Ctx = {
    numPlayers,
    turn: 0,
    currentPlayer: '0',
    playOrder: Array.from({ length: numPlayers }, (_, i) => String(i)),
    playOrderPos: 0,
    phase: null,
    activePlayers: null,
  };
  try {
    setActivePlayers(ctx, config, `${where}.activePlayers`);
  } catch (error) {
    if (error instanceof RejectedAction) throw new GameConfigError(`${where}.activePlayers`, error.rejection.message);
    throw error;
  }
}

/** The chart of `game` at `numPlayers` seats. Throws GameConfigError. */
export function chartConfig(game: CompiledGame, numPlayers: number): ChartConfig {
  const guards = new RuleGuards();
  const timers = new Timers(guards);
  const endGame = gameEnds(game, guards);
  const phases = chartPhases(game);
  for (const phase of phases) checkTurnActivePlayers(phase.turn.activePlayers, phase.turn.where, numPlayers);
  const phaseStates: Record<string, unknown> = {};
  phases.forEach((phase, index) => {
    phaseStates[phaseKey(phase.name)] = phaseState(game, phase, index, numPlayers, guards, timers);
  });
  // A timeout sent as a request: its outcome's steps follow on the edges of their events.
  const timeout = edgeConfig({
    guard: guards.timeout('timeout'),
    description: "a deadline has passed: its limit's outcome (the earliest, or the one named)",
  });
  const config = {
    id: 'turnchart',
    initial: 'phases',
    entry: 'startGame',
    states: {
      phases: {
        initial: phaseKey(game.startingPhase),
        on: game.timed ? { endGame, timeout: [timeout] } : { endGame },
        states: phaseStates,
      },
      gameover: { type: 'final', ...(game.onEnd ? { entry: [hookMarker('onEnd')] } : {}) },
    },
  };
  return { config, guards, timers };
}
