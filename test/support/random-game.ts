/**
 * Random game configs and action sequences for differential and property
 * tests. A config is described as plain data (so fast-check can shrink and
 * print it) and built into a fresh game object for each engine, because
 * boardgame.io mutates the object it is given.
 */
import fc from 'fast-check';
import type { ActionDesc, EventCall, GameDesc, MoveDesc, StageDesc, TurnDesc } from './random-game-desc';

/** Random extensions for a game description. */
export function withExtensions(desc: fc.Arbitrary<GameDesc>): fc.Arbitrary<GameDesc> {
  return fc
    .tuple(
      desc,
      fc.record({
        eventsFirst: fc.boolean(),
        stageHooks: fc.boolean(),
        stageLimits: fc.boolean(),
        stageEndIfEvery: fc.constantFrom(0, 2, 3),
      }),
    )
    .map(([game, extensions]) => ({ ...game, extensions }));
}

const PHASES = ['A', 'B', 'C'];
const STAGES = ['s0', 's1', 's2'];
const MOVES = ['m0', 'm1', 'm2'];

const stageValue = (stages: string[]) => fc.constantFrom<unknown>(null, ...stages, 'label');

function activePlayersArb(stages: string[], numPlayers: number, depth = 0): fc.Arbitrary<unknown> {
  const seat = fc.integer({ min: 0, max: numPlayers - 1 }).map(String);
  // Never `undefined` as a player's stage, and long forms always carry `stage`: turnchart refuses
  // those (INVALID_STAGE) where boardgame.io skips the player (docs/differences.md #12), tested there.
  const stageArg = fc.oneof(
    stageValue(stages),
    fc.record(
      {
        stage: stageValue(stages),
        minMoves: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
        maxMoves: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      },
      { requiredKeys: ['stage'] },
    ),
  );
  const config = fc.record(
    {
      currentPlayer: stageArg,
      others: stageArg,
      all: stageArg,
      value: fc.dictionary(seat, stageArg, { maxKeys: numPlayers }),
      minMoves: fc.integer({ min: 1, max: 2 }),
      maxMoves: fc.integer({ min: 1, max: 3 }),
      revert: fc.boolean(),
      next:
        depth < 1
          ? activePlayersArb(stages, numPlayers, depth + 1).filter((v) => !Array.isArray(v) && typeof v === 'object')
          : fc.constant(undefined),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 4, arbitrary: config },
    { weight: 1, arbitrary: fc.uniqueArray(seat, { minLength: 1, maxLength: numPlayers }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        { all: null },
        { all: null, minMoves: 1, maxMoves: 1 },
        { others: null },
        { others: null, minMoves: 1, maxMoves: 1 },
      ),
    },
  );
}

function eventCallArb(phases: string[], stages: string[], numPlayers: number): fc.Arbitrary<EventCall> {
  const options: fc.Arbitrary<EventCall>[] = [
    fc.constant({ type: 'endTurn' } as EventCall),
    fc.constant({ type: 'pass' } as EventCall),
    fc
      .integer({ min: 0, max: numPlayers - 1 })
      .map((seat) => ({ type: 'endTurn', arg: { next: String(seat) } }) as EventCall),
    fc.constant({ type: 'pass', arg: { remove: true } } as EventCall),
    fc.constant({ type: 'endPhase' } as EventCall),
    fc.constant({ type: 'endStage' } as EventCall),
    fc
      .constantFrom<unknown>({ winner: '0' }, false, undefined)
      .map((arg) => (arg === undefined ? { type: 'endGame' } : { type: 'endGame', arg }) as EventCall),
    stageValue(stages).map((arg) => ({ type: 'setStage', arg }) as EventCall),
    activePlayersArb(stages, numPlayers).map((arg) => ({ type: 'setActivePlayers', arg }) as EventCall),
  ];
  if (phases.length) options.push(fc.constantFrom(...phases).map((arg) => ({ type: 'setPhase', arg }) as EventCall));
  return fc.oneof(...options);
}

function movesArb(names: string[], phases: string[], stages: string[], numPlayers: number): fc.Arbitrary<MoveDesc[]> {
  return fc.tuple(
    ...names.map((name) =>
      fc.record({
        name: fc.constant(name),
        calls: fc.array(eventCallArb(phases, stages, numPlayers), { maxLength: 2 }),
        noLimit: fc.boolean(),
        invalidEvery: fc.constantFrom(0, 0, 0, 3),
        rolls: fc.boolean(),
      }),
    ),
  );
}

function turnArb(phases: string[], numPlayers: number, allowStageNext = true): fc.Arbitrary<TurnDesc> {
  return fc
    .integer({ min: 0, max: 3 })
    .chain((stageCount) => {
      const stages = STAGES.slice(0, stageCount);
      return fc.record(
        {
          order: fc.constantFrom<TurnDesc['order']>(
            'DEFAULT',
            'RESET',
            'CONTINUE',
            'ONCE',
            'CUSTOM',
            'CUSTOM_FROM',
            'custom-reverse',
          ),
          activePlayers: fc.option(
            activePlayersArb(stages, numPlayers).filter((v) => !Array.isArray(v)),
            { nil: undefined, freq: 3 },
          ),
          minMoves: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined, freq: 4 }),
          maxMoves: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
          endIfAt: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined, freq: 3 }),
          stages: fc.tuple(
            ...stages.map((name) =>
              fc.record({
                name: fc.constant(name),
                moves: fc.option(
                  movesArb(['m1', 'm2'], phases, stages, numPlayers).map((m) =>
                    m.slice(0, 1 + (name.charCodeAt(1) % 2)),
                  ),
                  { nil: undefined },
                ),
                next: allowStageNext
                  ? fc.option(fc.constantFrom(...stages), { nil: undefined })
                  : fc.constant(undefined),
              }),
            ),
          ),
          onBeginCalls: fc.oneof(
            { weight: 6, arbitrary: fc.constant([] as EventCall[]) },
            {
              weight: 2,
              arbitrary: activePlayersArb(stages, numPlayers).map(
                (arg) => [{ type: 'setActivePlayers', arg }] as EventCall[],
              ),
            },
            { weight: 1, arbitrary: fc.constant([{ type: 'endTurn' }] as EventCall[]) },
          ),
          onMoveRecords: fc.boolean(),
        },
        { requiredKeys: ['order', 'stages', 'onBeginCalls', 'onMoveRecords'] },
      );
    })
    .map((t) => ({
      ...t,
      stages: t.stages.map(
        (s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as unknown as StageDesc,
      ),
    }));
}

export function gameDescArb(): fc.Arbitrary<GameDesc> {
  return fc
    .record({ numPlayers: fc.integer({ min: 2, max: 4 }), phaseCount: fc.integer({ min: 0, max: 3 }) })
    .chain(({ numPlayers, phaseCount }) => {
      const phases = PHASES.slice(0, phaseCount);
      const phase = (name: string) =>
        fc.record(
          {
            name: fc.constant(name),
            start: fc.constant(false),
            next: fc.option(
              fc.oneof(fc.constantFrom(...phases), fc.record({ fn: fc.shuffledSubarray(phases, { minLength: 1 }) })),
              { nil: undefined },
            ),
            endIfAt: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
            endIfNext: fc.option(fc.constantFrom(...phases), { nil: undefined, freq: 3 }),
            moves: fc.option(movesArb(MOVES.slice(0, 2), phases, STAGES, numPlayers), { nil: undefined }),
            turn: fc.option(turnArb(phases, numPlayers), { nil: undefined }),
            onBeginRecords: fc.boolean(),
          },
          { requiredKeys: ['name', 'start', 'onBeginRecords'] },
        );
      return fc.record(
        {
          numPlayers: fc.constant(numPlayers),
          moves: movesArb(MOVES, phases, STAGES, numPlayers),
          phases: fc
            .tuple(...phases.map(phase))
            .chain((list) =>
              fc
                .integer({ min: -1, max: list.length - 1 })
                .map((start) => list.map((p, i) => ({ ...p, start: i === start }))),
            ),
          turn: turnArb(phases, numPlayers),
          endIfAt: fc.option(fc.integer({ min: 4, max: 15 }), { nil: undefined }),
          endIfCountsTurnEnds: fc.boolean(),
        },
        { requiredKeys: ['numPlayers', 'moves', 'phases', 'turn'] },
      );
    });
}

/** `active:k` names the k-th player who may act now; anything else is a seat. */
export function resolvePlayer(
  playerID: string,
  ctx: { currentPlayer: string; activePlayers: Record<string, unknown> | null },
): string {
  if (!playerID.startsWith('active:')) return playerID;
  const active = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  if (active.length === 0) return ctx.currentPlayer;
  return active[Number(playerID.slice(7)) % active.length];
}

export function actionsArb(desc: GameDesc, maxLength = 25): fc.Arbitrary<ActionDesc[]> {
  const phases = desc.phases.map((p) => p.name);
  // Mostly a player who may act right now (resolved when the action runs), sometimes any seat.
  const player = fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 0, max: desc.numPlayers - 1 }).map(String) },
    { weight: 5, arbitrary: fc.integer({ min: 0, max: 3 }).map((k) => `active:${k}`) },
  );
  const move = fc.record({ kind: fc.constant('move' as const), name: fc.constantFrom(...MOVES), playerID: player });
  const event = fc.tuple(eventCallArb(phases, STAGES, desc.numPlayers), player).map(([call, playerID]) => ({
    kind: 'event' as const,
    type: call.type,
    ...('arg' in call ? { arg: call.arg } : {}),
    playerID,
  }));
  return fc.array(fc.oneof({ weight: 3, arbitrary: move }, { weight: 2, arbitrary: event }), {
    minLength: 1,
    maxLength,
  });
}
