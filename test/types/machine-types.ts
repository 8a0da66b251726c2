/**
 * Type tests, compiled (not run) by `npm run typecheck` under strict: the
 * machine, its snapshots and a match are typed by the game's G and, for a
 * literal game, by its move names; actor options may be left out. Each
 * `@ts-expect-error` line must fail to compile, or tsc reports it unused.
 */
import {
  createActor,
  type Actor,
  type ActorOptions,
  type AnyStateMachine,
  type ConditionalRequired,
  type EmittedFrom,
  type EventFrom,
  type EventObject,
  type InputFrom,
  type IsNotNever,
  type RequiredActorOptionsKeys,
  type StateFrom,
  type StateValue,
} from 'xstate';
import { allowedActions, allowedActionsOf } from 'turnchart/inspect';
import {
  createGame,
  createGameMachine,
  transitionGame,
  type Ctx,
  type Game,
  type GameMachine,
  type GameState,
  type MachineInput,
  type RequestEvent,
  type TurnchartContext,
  type TurnchartEvent,
  type TurnchartGame,
} from 'turnchart';

type ContextOf<T extends AnyStateMachine> = StateFrom<T>['context'];

/** Fails to compile unless A and B are the same type (`any` is the same as nothing else). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(_: T) => undefined;

/** @xstate/react 6.1's `useMachine`, as its useMachine.d.ts declares it (the package is not a dependency). */
declare function useMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  ...[options]: ConditionalRequired<
    [options?: ActorOptions<TMachine> & { [K in RequiredActorOptionsKeys<TMachine>]: unknown }],
    IsNotNever<RequiredActorOptionsKeys<TMachine>>
  >
): [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>];

interface CardState {
  deck: number[];
  hands: Record<string, number[]>;
}

// A literal game: G from its setup, move names from its moves, its phases' and its stages'.
const literal = {
  setup: (): CardState => ({ deck: [1, 2, 3], hands: {} }),
  moves: {
    drawCard: ({ G, playerID }) => {
      G.hands[playerID].push(G.deck.pop()!);
    },
  },
  phases: { scoring: { moves: { score: () => {} }, turn: { stages: { tally: { moves: { tallyUp: () => {} } } } } } },
  turn: { stages: { respond: { moves: { pass: { move: () => {} } } } } },
} satisfies Game<CardState>;
type LiteralMoves = 'drawCard' | 'score' | 'tallyUp' | 'pass';

// The machine: context TurnchartContext<G>, nothing `any` in it.
const machine = createGameMachine(literal, { numPlayers: 2 });
expectType<Equal<typeof machine, GameMachine<CardState, LiteralMoves>>>(true);
expectType<Equal<ContextOf<typeof machine>, TurnchartContext<CardState>>>(true);
expectType<Equal<EventFrom<typeof machine>, TurnchartEvent<LiteralMoves>>>(true);
expectType<Equal<InputFrom<typeof machine>, MachineInput | undefined>>(true);
// It emits nothing of its own: a refused request takes no transition.
expectType<Equal<EmittedFrom<typeof machine>, EventObject>>(true);
expectType<Equal<StateFrom<typeof machine>['value'], StateValue>>(true);

// An actor without options, with a snapshot only, with input only; xstate's and @xstate/react's.
const actor = createActor(machine);
const restored = createActor(machine, { snapshot: actor.getPersistedSnapshot() });
createActor(machine, { input: { seed: 'x' } });
const [state, send, reactActor] = useMachine(machine);
useMachine(machine, { snapshot: actor.getPersistedSnapshot() });
expectType<Equal<typeof state.context, TurnchartContext<CardState>>>(true);
expectType<Equal<typeof reactActor, Actor<GameMachine<CardState, LiteralMoves>>>>(true);

// Snapshots: context, G and ctx typed.
const snapshot = restored.getSnapshot();
expectType<Equal<typeof snapshot.context.G, CardState>>(true);
expectType<Equal<typeof snapshot.context.ctx, Ctx>>(true);
const deck: number[] = actor.getSnapshot().context.G.deck;

// Requests: `move.<name>` of the game's moves, or a flow event.
actor.send({ type: 'move.drawCard', playerID: '0' });
actor.send({ type: 'endTurn', playerID: '0' });
send({ type: 'move.tallyUp', playerID: '1', args: [] });
// @ts-expect-error a misspelt move
actor.send({ type: 'move.drawCrad', playerID: '0' });
// @ts-expect-error a move without the `move.` prefix
actor.send({ type: 'drawCard', playerID: '0' });
// @ts-expect-error a misspelt move, asked of a snapshot
snapshot.can({ type: 'move.drawCrad', playerID: '0' });
const request: RequestEvent<LiteralMoves> = { type: 'move.score', playerID: '0' };
expectType<
  Equal<
    RequestEvent<LiteralMoves>['type'],
    | 'move.drawCard'
    | 'move.score'
    | 'move.tallyUp'
    | 'move.pass'
    | 'endStage'
    | 'setStage'
    | 'endTurn'
    | 'pass'
    | 'endPhase'
    | 'setPhase'
    | 'endGame'
    | 'setActivePlayers'
  >
>(true);
actor.send(request);

// A match: getState() gives { G, ctx }; move names checked.
const match = createGame(literal, { numPlayers: 2 });
expectType<Equal<typeof match, TurnchartGame<CardState, LiteralMoves>>>(true);
expectType<Equal<ReturnType<typeof match.getState>, GameState<CardState>>>(true);
expectType<Equal<ReturnType<typeof match.getState>, { G: CardState; ctx: Ctx }>>(true);
match.move('drawCard', [], '0');
match.move('pass', undefined, '1');
// @ts-expect-error a misspelt move
match.move('drawCrad', [], '0');
match.subscribe(({ G }) => G.deck.length);
createActor(match.machine, { snapshot: match.getPersistedSnapshot() });

// An inline literal game: the same, G from setup.
const inline = createGame({ setup: () => ({ n: 0 }), moves: { inc: ({ G }) => void G.n++ } }, { numPlayers: 1 });
inline.move('inc', [], '0');
// @ts-expect-error a move the game does not have
inline.move('dec', [], '0');
const n: number = inline.getState().G.n;

// A game typed as plain Game<G>: any move name, G still typed.
const typed: Game<CardState> = literal;
const plain = createGame(typed, { numPlayers: 2 });
expectType<Equal<typeof plain, TurnchartGame<CardState, string>>>(true);
plain.move('anything', [], '0');
const plainActor = createActor(createGameMachine(typed, { numPlayers: 2 }));
plainActor.send({ type: 'move.anything', playerID: '0' });
plainActor.send({ type: 'anything', playerID: '0' });
expectType<Equal<EventFrom<typeof plainActor.logic>, TurnchartEvent>>(true);
// `GameMachine` with M left out: any game's machine, whose events are any.
expectType<Equal<EventFrom<GameMachine>, any>>(true);

// An explicit G: any move name.
createGame<CardState>(typed, { numPlayers: 2 }).move('anything', [], '0');

// `GameMachine` and `TurnchartGame` with M left out take any game's machine and match.
const anyMachine: GameMachine = machine;
const anyMatch: TurnchartGame = match;
const ofState: TurnchartGame<CardState> = match;
transitionGame(machine, actor.getSnapshot(), { type: 'move.drawCard', playerID: '0' });
// turnchart/inspect asks any game's snapshot what each player may send.
allowedActionsOf(literal, actor.getSnapshot(), '0');
allowedActions(typed, plainActor.getSnapshot());
allowedActions(literal, match.actor.getSnapshot());

export { deck, n, anyMachine, anyMatch, ofState };
