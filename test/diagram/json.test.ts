/**
 * toJson: the machine's createMachine config as JSON, the shape Stately's
 * inspector sends and its editor loads. Checked structurally (states,
 * regions, transitions, no functions), and by loading it back into xstate:
 * the JSON alone rebuilds a machine with the same states and transitions.
 */
import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { createGameMachine } from 'turnchart';
import { toJson, toJsonObject } from 'turnchart/diagram';
import { cardGame } from './example-games';

type Config = {
  id?: string;
  type?: string;
  initial?: string;
  states?: Record<string, Config>;
  on?: Record<string, unknown>;
  [key: string]: unknown;
};
type TransitionConfig = {
  target?: string | string[];
  guard?: string | { type: string; params?: Record<string, unknown> };
  actions?: unknown;
  reenter?: boolean;
};

const machine = createGameMachine(cardGame, { numPlayers: 3 });
/** The machine's own config, every seat: what these tests check, and what loads back as the same chart. */
const text = toJson(machine, { seats: 'unfold' });
const config = JSON.parse(text) as Config;

function transitions(node: Config, event: string): TransitionConfig[] {
  const value = node.on?.[event];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]) as TransitionConfig[];
}

function containsFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(containsFunction);
}

/** Every transition of a machine as comparable text: source, event, guard, targets, reenter. */
function transitionSummary(source: AnyStateMachine): string[] {
  const lines: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [event, list] of node.transitions) {
      for (const t of list) {
        const guard = t.guard === undefined ? '' : JSON.stringify(t.guard);
        lines.push(
          `${node.id} ${event} ${guard} -> ${(t.target ?? []).map((s: AnyStateNode) => s.id).join(',')} ${t.reenter}`,
        );
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(source.root);
  return lines.sort();
}

describe('toJson: the chart as Stately-loadable JSON', () => {
  test('is the machine id, its phases (with the null phase) and the final gameover state', () => {
    expect(config.id).toBe('turnchart');
    expect(config.initial).toBe('phases');
    expect(Object.keys(config.states!)).toEqual(['phases', 'gameover']);
    expect(config.states!.gameover.type).toBe('final');
    const phases = config.states!.phases;
    expect(phases.initial).toBe('draw cards');
    expect(Object.keys(phases.states!)).toEqual(['draw cards', 'main-phase', '(no phase)']);
    // The game's end, once per rule that ends it: its endIf, an endGame call.
    expect(transitions(phases, 'endGame').map((t) => [t.guard, t.target])).toEqual([
      ['endIf', 'gameover'],
      ['endGame(result)', 'gameover'],
    ]);
  });

  test('each phase holds a parallel turn with one region per seat, each with idle, active and the declared stages', () => {
    for (const [phase, stages] of [
      ['draw cards', ['discard (optional)', 'wait']],
      ['main-phase', ['respond; quickly']],
      ['(no phase)', []],
    ] as const) {
      const turn = config.states!.phases.states![phase].states!.turn;
      expect(turn.type).toBe('parallel');
      expect(Object.keys(turn.states!)).toEqual(['player0', 'player1', 'player2']);
      for (const region of Object.values(turn.states!)) {
        expect(region.initial).toBe('idle');
        expect(Object.keys(region.states!)).toEqual(['idle', 'active', ...stages]);
      }
    }
  });

  test('flow events are transitions guarded by the rule that takes them, with the targets that rule can reach', () => {
    const draw = config.states!.phases.states!['draw cards'];
    const ends = transitions(draw, 'endPhase');
    expect(ends[0]).toMatchObject({
      guard: { type: 'phases.draw cards.next', params: { to: 'main-phase' } },
      reenter: true,
    });
    expect(typeof ends[0].target === 'string' && ends[0].target.startsWith('#')).toBe(true);
    // The declared `next` is the only way endPhase goes: the phase has no endIf.
    expect(ends).toHaveLength(1);
    expect(transitions(draw, 'setPhase').map((t) => t.guard)).toEqual([
      { type: 'setPhase(phase)', params: { to: 'draw cards' } },
      { type: 'setPhase(phase)', params: { to: 'main-phase' } },
    ]);

    const seat = draw.states!.turn.states!.player1;
    const toStage = transitions(seat, 'setStage').find((t) => t.target === '.discard (optional)');
    expect(toStage?.guard).toEqual({ type: 'setStage(stage)', params: { seat: 1, to: 'discard (optional)' } });

    const discard = seat.states!['discard (optional)'];
    expect(transitions(discard, 'endStage')).toEqual([
      expect.objectContaining({
        guard: { type: 'phases.draw cards.turn.stages.discard (optional).next', params: { seat: 1, to: 'wait' } },
        target: 'wait',
      }),
    ]);
    expect(transitions(discard, 'move.discard')).toEqual([
      expect.objectContaining({
        guard: { type: 'phases.draw cards.turn.stages.discard (optional).moves', params: { seat: '1' } },
      }),
    ]);
    expect(transitions(seat.states!.active, 'move.draw').length).toBeGreaterThan(0);

    // A request takes its rule's edges itself: no catch-all on the root.
    expect(transitions(config, '*')).toEqual([]);
  });

  test('every transition says in words what it means', () => {
    const undescribed: string[] = [];
    const visit = (node: Config, path: string) => {
      for (const event of Object.keys(node.on ?? {})) {
        for (const t of transitions(node, event))
          if (typeof (t as { description?: unknown }).description !== 'string') undescribed.push(`${path} ${event}`);
      }
      for (const [key, child] of Object.entries(node.states ?? {})) visit(child, `${path}.${key}`);
    };
    visit(config, 'turnchart');
    expect(undescribed).toEqual([]);
  });

  test('phase and stage meta (a static next) is kept', () => {
    expect(config.states!.phases.states!['draw cards'].meta).toEqual({ next: 'main-phase' });
    expect(
      config.states!.phases.states!['draw cards'].states!.turn.states!.player0.states!['discard (optional)'].meta,
    ).toEqual({ next: 'wait' });
  });

  test('holds no functions: the context factory is dropped', () => {
    expect(typeof machine.config.context).toBe('function');
    expect('context' in config).toBe(false);
    expect(containsFunction(toJsonObject(machine))).toBe(false);
    expect(containsFunction(toJsonObject(machine, { shape: 'definition' }))).toBe(false);
    expect(text.endsWith('\n')).toBe(true);
  });

  test('loads back into xstate as the same chart: same states, same transitions', () => {
    const loaded = createMachine(JSON.parse(text));
    expect(Object.keys(loaded.root.states)).toEqual(['phases', 'gameover']);
    const summary = transitionSummary(machine);
    expect(summary.length).toBeGreaterThan(100);
    expect(transitionSummary(loaded)).toEqual(summary);
  });

  test('by default identical seats are one region, named and described as such, that loads into xstate', () => {
    const foldedText = toJson(machine);
    const folded = JSON.parse(foldedText) as Config;
    for (const phase of ['draw cards', 'main-phase', '(no phase)']) {
      const turn = folded.states!.phases.states![phase].states!.turn;
      expect(Object.keys(turn.states!)).toEqual(['each player (×3)']);
      const region = turn.states!['each player (×3)'];
      expect(region.description).toBe(
        "each player (×3): player0, player1, player2 are identical but for the seat; drawn once, as player0 (its guards' params name that seat)",
      );
      expect(region).toMatchObject({
        initial: 'idle',
        states: config.states!.phases.states![phase].states!.turn.states!.player0.states,
      });
    }
    const loaded = createMachine(JSON.parse(foldedText));
    const turn = (loaded.root.states.phases.states['draw cards'] as AnyStateNode).states.turn as AnyStateNode;
    expect(Object.keys(turn.states)).toEqual(['each player (×3)']);
    expect(
      Object.keys(
        (toJsonObject(machine, { shape: 'definition' }) as Config).states!.phases.states!['main-phase'].states!.turn
          .states!,
      ),
    ).toEqual(['each player (×3)']);
  });

  test("shape: 'definition' is xstate's resolved definition, transitions and all", () => {
    const definition = toJsonObject(machine, { shape: 'definition', seats: 'unfold' }) as Config;
    expect(definition.id).toBe('turnchart');
    const turn = definition.states!.phases.states!['main-phase'].states!.turn as Config;
    expect(turn.type).toBe('parallel');
    const ends = turn.on!.endTurn as { target: string[]; guard: any; reenter: boolean; source: string }[];
    // Each rule re-enters the turn straight into the next turn's seating: one edge per seating.
    expect([...new Set(ends.map((t) => t.guard.type))]).toEqual([
      'phases.main-phase.turn.order.next',
      'endTurn({ next })',
    ]);
    for (const [seat, end] of ends.slice(0, 3).entries()) {
      expect(end).toMatchObject({ source: `#${turn.id}`, reenter: true });
      expect(end.target).toEqual([expect.stringMatching(new RegExp(`\\.turn\\.player${seat}\\.active$`))]);
    }
  });
});
