/**
 * Only what the game uses (chart-usage.ts): the arrows a designer must see on
 * each example, computed `next` targets read from the code, calls drawn from
 * the state the calling move is made in, and none of the generic rules the
 * game never uses; plus the static reading of functions (code-reading.ts).
 */
import { createGameMachine, type Game } from 'turnchart';
import { chartGraph, toMermaid, type ChartGraph } from '../../src/adapters/diagram/index';
import { chartUsage } from '../../src/adapters/diagram/chart-usage';
import { eventCalls, returnedValues } from '../../src/adapters/diagram/code-reading';
import { reachedStates } from '../../src/adapters/diagram/reached';
import { EXAMPLES } from '../../examples/charts';
import { shortcutGame } from './example-games';

const example = (name: string) => EXAMPLES.find((e) => e.name === name)!;

/** The example's chart as drawn by default, and its arrows as `source -> target: label / label`, by state keys. */
function drawn(name: string, seats?: number): { graph: ChartGraph; arrows: string[] } {
  const { game, numPlayers } = example(name);
  const players = seats ?? numPlayers;
  const usage = chartUsage(game, reachedStates(game, { numPlayers: players }));
  const graph = chartGraph(createGameMachine(game, { numPlayers: players }), { usage });
  const key = (id: string) => graph.nodes.get(id)!.key;
  const arrows = graph.edges.map(
    (edge) =>
      `${key(edge.source)} -${edge.kind === 'argument' ? '-' : ''}> ${key(edge.target)}: ${edge.labels.join(' / ')}`,
  );
  return { graph, arrows };
}

describe('reading a function', () => {
  test('returned literals, through conditionals; a computed value makes the set incomplete', () => {
    expect(returnedValues(({ G }: { G: { round: number } }) => (G.round > 3 ? 'scoring' : 'pick'))).toEqual({
      values: ['scoring', 'pick'],
      complete: true,
    });
    const named = { next: (G: { to: string }) => G.to ?? 'pick' };
    expect(returnedValues(named.next)).toEqual({ values: ['pick'], complete: false });
    function block(x: number) {
      if (x > 1) return 'a';
      return;
    }
    expect(returnedValues(block)).toEqual({ values: ['a', undefined], complete: true });
    expect(returnedValues(() => ({ next: 'b' }))).toEqual({ values: [{ next: 'b' }], complete: true });
    expect(returnedValues(Math.max)).toEqual({ values: [], complete: false });
  });

  test('the flow events a function calls, with the strings and keys of their arguments', () => {
    const move = ({ events }: { events: { setActivePlayers(x: unknown): void; endTurn(): void } }) => {
      events.setActivePlayers({ others: 'discard', maxMoves: 1 });
      events.endTurn();
    };
    expect(eventCalls(move)).toEqual([
      { event: 'setActivePlayers', strings: ['discard'], keys: ['others', 'maxMoves'], withArgs: true },
      { event: 'endTurn', strings: [], keys: [], withArgs: false },
    ]);
  });
});

describe('the arrows a designer must see on each example', () => {
  test("draft: the main loop through resolve's next function, computed; no generic rules", () => {
    const { arrows } = drawn('draft');
    expect(arrows).toContain('pick -> resolve: automatic · endIf');
    expect(arrows).toContain('resolve -> pick: automatic · endIf (computed)');
    expect(arrows).toContain('resolve -> scoring: automatic · endIf (computed)');
    expect(arrows.filter((arrow) => /resolve -> (resolve|\(no phase\))/.test(arrow))).toEqual([]);
    expect(arrows.join('\n')).not.toMatch(/endTurn\(|pass\(|setStage|setPhase|endGame\(result\)/);
  });

  test('discard: playCard sends the others to discard, drawn from active', () => {
    const { arrows } = drawn('discard');
    expect(arrows).toContain('active --> discard: playCard · setActivePlayers');
    expect(arrows).toContain('active --> idle: playCard · setActivePlayers');
  });

  test("action-buy: the Militia (playAction('militia')) sends the others to discard, and the revert brings the attacker back", () => {
    const { arrows, graph } = drawn('action-buy');
    // Play found it (the game's ai.enumerate plays the cards in hand): the arrow names the card that made the call.
    expect(arrows).toContain("action --> discard: playAction('militia') · setActivePlayers");
    expect(arrows).toContain("action --> idle: playAction('militia') · setActivePlayers");
    expect(arrows).toContain('discard --> action: discardDown · revert');
    // The attack's stage is the example's point: it is not grey.
    expect([...graph.nodes.values()].find((node) => node.key === 'discard')!.reached).not.toBe(false);
  });

  test('stage-chain: the chain heat → hammer → quench → heat, no maxMoves, gameover reached at every seat count', () => {
    const { arrows, graph } = drawn('stage-chain');
    expect(arrows).toEqual(
      expect.arrayContaining([
        'heat -> hammer: endStage · next',
        'hammer -> quench: endStage · next',
        'quench -> heat: endStage · next',
      ]),
    );
    expect(arrows.join('\n')).not.toContain('maxMoves');
    expect(graph.legend.join('\n')).not.toContain('maxMoves');
    for (const seats of [4, 8])
      expect([seats, drawn('stage-chain', seats).graph.nodes.get('turnchart.gameover')?.reached]).toEqual([
        seats,
        true,
      ]);
  });

  test('large-flow: trade and war calls and their reverts, between the seats of one region', () => {
    const { arrows } = drawn('large-flow');
    expect(arrows).toContain('propose --> respond: offer · setActivePlayers');
    expect(arrows).toContain('respond --> propose: accept, decline · revert');
    expect(arrows).toContain('attack --> defend: raid · setActivePlayers');
  });

  test('calls that cross boxes: setPhase to its phase, endGame to the end, endTurn({ next }) a new turn; read from the code, then seen in play', () => {
    const machine = createGameMachine(shortcutGame, { numPlayers: 2 });
    const arrows = (graph: ChartGraph) =>
      graph.edges
        .filter((edge) => edge.calls)
        .map((edge) => `${graph.nodes.get(edge.source)!.key} --> ${graph.nodes.get(edge.target)!.key}: ${edge.labels}`);
    const read = chartGraph(machine, { usage: chartUsage(shortcutGame) });
    expect(arrows(read).sort()).toEqual([
      'active --> gameover: concede · endGame (code only)',
      'active --> score: skip · setPhase (code only)',
      // Written in the turn's box: the turn ends and the next begins.
      'turn --> turn: pickNext · endTurn (code only)',
    ]);
    const path = (id: string) => machine.getStateNodeById(id).path.join('.');
    const setPhase = read.edges.find((edge) => edge.labels[0].startsWith('skip'))!;
    expect([path(setPhase.source), path(setPhase.target)]).toEqual(['phases.draw.turn.player0.active', 'phases.score']);
    // The transition it stands for, as the inspector page matches it: from the phase, to the phase.
    expect([setPhase.calls!.sources.map(path), setPhase.calls!.targets.map(path)]).toEqual([
      ['phases.draw'],
      ['phases.score'],
    ]);
    const played = chartGraph(machine, {
      usage: chartUsage(shortcutGame, reachedStates(shortcutGame, { numPlayers: 2 })),
    });
    expect(arrows(played).sort()).toEqual([
      'active --> gameover: concede · endGame',
      'active --> score: skip · setPhase',
      'turn --> turn: pickNext · endTurn',
    ]);
  });

  test("Mermaid: an arrow out of a box is drawn from the box that is its target's sibling, joined to an arrow there", () => {
    const arrowsOf = (game: Game, numPlayers: number) =>
      toMermaid(createGameMachine(game, { numPlayers }), { usage: chartUsage(game), legend: false })
        .split('\n')
        .filter((line) => line.includes('-->') && !line.includes('[*]'))
        .map((line) => line.trim());
    // Mermaid lays an outside target out inside the box an arrow comes from: the calls leave their phase instead.
    const shortcut = arrowsOf(shortcutGame, 2);
    expect(shortcut).toContain('s_phases --> s_gameover : concede · endGame<br/>(code only)');
    expect(shortcut).toContain('s_phases_draw --> s_phases_score : skip · setPhase<br/>(code only)');
    expect(shortcut.filter((line) => /_active --> s_(gameover|phases_score) :/.test(line))).toEqual([]);
    // Where an arrow already joins the two boxes, the moved one is a line of its label.
    const blitz = example('blitz');
    expect(arrowsOf(blitz.game, blitz.numPlayers)).toContain(
      's_phases --> s_gameover : automatic · endIf<br/>clock · endGame<br/>(code only)',
    );
  });

  test("a phase's hook that calls setPhase: the arrow leaves the box the hook belongs to", () => {
    const game: Game<{ moves: number }> = {
      setup: () => ({ moves: 0 }),
      phases: {
        a: {
          start: true,
          moves: { tick: ({ G }) => void G.moves++ },
          turn: { onMove: ({ G, events }) => (G.moves > 2 ? events.setPhase('b') : undefined) },
        },
        b: { moves: { tick: ({ G }) => void G.moves++ } },
      },
    };
    const machine = createGameMachine(game, { numPlayers: 2 });
    const graph = chartGraph(machine, { usage: chartUsage(game) });
    const call = graph.edges.find((edge) => edge.calls)!;
    const path = (id: string) => machine.getStateNodeById(id).path.join('.');
    expect([path(call.source), path(call.target), call.labels]).toEqual([
      'phases.a.turn',
      'phases.b',
      ['onMove · setPhase (code only)'],
    ]);
  });

  test('a time limit that runs out: its outcome is an arrow from where its timer runs, and the rules it takes are drawn', () => {
    const { arrows } = drawn('blitz');
    // The clock runs in each seat's `active`; running out ends the game, a call rule drawn only for its callers.
    expect(arrows).toContain('active --> gameover: clock · endGame (code only)');
    // A turn limit ending the turn in a game whose players cannot end it: the turn's endTurn loop is drawn for it.
    const game: Game<{ n: number }> = {
      setup: () => ({ n: 0 }),
      moves: { tick: ({ G }) => void G.n++ },
      events: { endTurn: false },
      turn: { time: { limit: 10_000, onTimeout: 'endTurn' } },
    };
    const timed = chartGraph(createGameMachine(game, { numPlayers: 2 }), { usage: chartUsage(game) });
    const withoutLimit = { ...game, turn: {} };
    const untimed = chartGraph(createGameMachine(withoutLimit, { numPlayers: 2 }), {
      usage: chartUsage(withoutLimit),
    });
    const endTurn = (graph: ChartGraph) => graph.edges.some((edge) => edge.events.includes('endTurn'));
    expect([endTurn(timed), endTurn(untimed)]).toEqual([true, false]);
  });

  test('--all (all: true) draws every rule of the chart again', () => {
    const { game, numPlayers } = example('stage-chain');
    const machine = createGameMachine(game, { numPlayers });
    const usesRule = (graph: ReturnType<typeof chartGraph>, rule: string) =>
      graph.edges.some((edge) => edge.rules.some((known) => known.rule === rule));
    const all = chartGraph(machine, { usage: chartUsage(game), all: true });
    expect(all.edges.some((edge) => edge.labels.includes('maxMoves'))).toBe(true);
    // stage-chain never names the next player: the turn loop of endTurn({ next }) is drawn with --all only.
    expect([
      usesRule(all, 'endTurn({ next })'),
      usesRule(chartGraph(machine, { usage: chartUsage(game) }), 'endTurn({ next })'),
    ]).toEqual([true, false]);
  });

  test('without play (--no-explore), the code alone decides: no greying, calls read from the code', () => {
    const game: Game = example('discard').game;
    const graph = chartGraph(createGameMachine(game, { numPlayers: 4 }), { usage: chartUsage(game) });
    expect([...graph.nodes.values()].every((node) => node.reached === undefined)).toBe(true);
    const key = (id: string) => graph.nodes.get(id)!.key;
    expect(
      graph.edges.map((edge) => `${key(edge.source)} -> ${key(edge.target)}: ${edge.labels.join(' / ')}`),
    ).toContain('active -> discard: playCard · setActivePlayers (code only)');
  });
});
