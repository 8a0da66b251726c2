/**
 * check's third look: the chart explored with xstate/graph, states told apart
 * by their value alone (G abstracted away) and every `endIf` allowed to go
 * either way (endif-oracle.ts).
 */
import type { RequestEvent, TurnchartContext, TurnchartEvent, Game } from '../../machines';
import { acceptedRequests, type CandidateOptions } from './candidates';
import type { CheckOptions, PathStep } from './check';
import { createEndIfOracle, modeLabel, type OracleMode } from './endif-oracle';
import { exploreChart, type Exploration } from './explore';
import { observedTransition } from './observed-transition';

type OracleRequest = RequestEvent & { endIf?: string };

/** The abstraction: state values only, every endIf either way. */
export function exploreAbstraction(game: Game, options: CheckOptions, candidates: CandidateOptions): Exploration {
  const oracle = createEndIfOracle(game);
  const modes = new Map<string, OracleMode>(oracle.modes.map((mode) => [modeLabel(mode), mode]));
  const real: OracleMode = { kind: 'real' };
  const plain = (request: OracleRequest): TurnchartEvent =>
    ({ type: request.type, playerID: request.playerID, args: request.args }) as TurnchartEvent;
  return exploreChart(game, {
    numPlayers: options.numPlayers,
    seed: options.seed ?? 'turnchart-check',
    setupData: options.setupData,
    machineGame: oracle.game,
    dedupe: 'value',
    maxDepth: options.abstractDepth ?? 40,
    maxStates: options.abstractStates ?? 2000,
    onProgress: ({ expanded }) => options.onProgress?.('abstraction', expanded),
    requests: (snapshot) => {
      const context = snapshot.context as TurnchartContext;
      const list: OracleRequest[] = [];
      const outcomes = new Set<string>();
      for (const mode of oracle.modes) {
        for (const { request, outcome } of oracle.run(mode, () => acceptedRequests(oracle.game, context, candidates))) {
          const key = JSON.stringify([
            request.type,
            request.playerID,
            request.args,
            outcome.context.G,
            outcome.context.ctx,
          ]);
          if (outcomes.has(key)) continue;
          outcomes.add(key);
          list.push(mode.kind === 'real' ? request : { ...request, endIf: modeLabel(mode) });
        }
      }
      return list;
    },
    transition: (machine, snapshot, request) => {
      const mode =
        (request as OracleRequest).endIf !== undefined ? modes.get((request as OracleRequest).endIf!)! : real;
      return oracle.run(mode, () => observedTransition(machine, snapshot, plain(request as OracleRequest)));
    },
  });
}

export function steps(path: readonly RequestEvent[]): PathStep[] {
  return path.map((request) => {
    const { endIf, ...plain } = request as OracleRequest;
    return {
      request: { type: plain.type, playerID: plain.playerID, args: plain.args ?? [] },
      ...(endIf !== undefined ? { endIf } : {}),
    };
  });
}
