import * as tcBgio from '../../src/adapters/boardgameio/index';
import { compare, type Workload } from '../harness';
import * as w from '../workloads';
import { ROUNDS, type AddRow } from './section';

const game = w.microGame;
const clientMove = (c: any) => c.moves.A();
const clientEndTurn = (c: any) => c.events.endTurn();

/** A row: its name, then how to make turnchart's workload and boardgame.io's (made just before they run). */
type Pair = [name: string, turnchart: () => Workload, boardgameio: () => Workload];

const PAIRS: Pair[] = [
  [
    'reducer makeMove (turnchart/boardgameio)',
    () => w.bgioReducer(game(), 2, w.bgMove, 2000, tcBgio),
    () => w.bgioReducer(game(), 2, w.bgMove, 2000),
  ],
  [
    'reducer endTurn (turnchart/boardgameio)',
    () => w.bgioReducer(game(), 2, w.bgEndTurn, 2000, tcBgio),
    () => w.bgioReducer(game(), 2, w.bgEndTurn, 2000),
  ],
  [
    'client move (turnchart/boardgameio)',
    () => w.bgioClientWorkload(game(), 2, clientMove, 1000, tcBgio),
    () => w.bgioClientWorkload(game(), 2, clientMove, 1000),
  ],
  [
    'client endTurn (turnchart/boardgameio)',
    () => w.bgioClientWorkload(game(), 2, clientEndTurn, 1000, tcBgio),
    () => w.bgioClientWorkload(game(), 2, clientEndTurn, 1000),
  ],
  [
    'makeMove: transitionGame vs bgio reducer',
    () => w.tcPure(game(), 2, w.moveEvent, 2000),
    () => w.bgioReducer(game(), 2, w.bgMove, 2000),
  ],
  [
    'endTurn: transitionGame vs bgio reducer',
    () => w.tcPure(game(), 2, w.endTurnEvent, 2000),
    () => w.bgioReducer(game(), 2, w.bgEndTurn, 2000),
  ],
  [
    'move: chart actor vs bgio client',
    () => w.tcActor(game(), 2, w.moveEvent, 2000),
    () => w.bgioClientWorkload(game(), 2, clientMove, 2000),
  ],
  [
    'endTurn: chart actor vs bgio client',
    () => w.tcActor(game(), 2, w.endTurnEvent, 2000),
    () => w.bgioClientWorkload(game(), 2, clientEndTurn, 2000),
  ],
];

/** 1. boardgame.io's own micro-benchmarks, each engine through the same API, then turnchart's own APIs. */
export function microSection(add: AddRow): void {
  for (const [name, turnchart, boardgameio] of PAIRS) add(compare(name, turnchart(), boardgameio(), ROUNDS));
}
