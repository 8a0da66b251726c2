import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES, renderJson, renderMermaid } from './charts';
import { parseMermaid } from '../test/diagram/support/mermaid';

const file = (name: string, chart: string) => join(__dirname, name, chart);

describe("the examples' committed charts are current", () => {
  test('every example folder (one with a game.ts) is listed, and has its chart files', () => {
    const folders = readdirSync(__dirname, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && existsSync(file(entry.name, 'game.ts')),
    );
    expect(EXAMPLES.map((example) => example.name).sort()).toEqual(folders.map((entry) => entry.name).sort());
    expect(folders.length).toBeGreaterThanOrEqual(7);
    for (const { name } of EXAMPLES) {
      expect(existsSync(file(name, 'chart.mmd'))).toBe(true);
      expect(existsSync(file(name, 'chart.svg'))).toBe(true);
      expect(existsSync(file(name, 'chart.json'))).toBe(true);
    }
  });

  test("every example's committed Mermaid chart is read by the real Mermaid parser as a state diagram", () => {
    const results = parseMermaid(EXAMPLES.map(({ name }) => readFileSync(file(name, 'chart.mmd'), 'utf8')));
    results.forEach((result, index) => {
      if (!result.ok) throw new Error(`${EXAMPLES[index].name}: ${result.error}`);
      // card-phases never ends (no endIf of the game, no endGame call): its chart has no gameover.
      expect([EXAMPLES[index].name, result.nodes.some((node) => node.label === 'gameover')]).toEqual([
        EXAMPLES[index].name,
        EXAMPLES[index].name !== 'card-phases',
      ]);
    });
  });

  test.each(EXAMPLES.map((example) => [example.name, example] as const))(
    '%s: chart.json is the machine config Stately loads, as drawn today',
    (name, example) => {
      const committed = JSON.parse(readFileSync(file(name, 'chart.json'), 'utf8'));
      expect(committed).toEqual(JSON.parse(renderJson(example)));
      expect(committed.id).toBe('turnchart');
      expect(Object.keys(committed.states)).toEqual(['phases', 'gameover']);
    },
  );

  test.each(EXAMPLES.map((example) => [example.name, example] as const))(
    '%s: chart.mmd is what the diagram adapter draws today',
    (name, example) => {
      const committed = readFileSync(file(name, 'chart.mmd'), 'utf8');
      // When this fails, run examples/render-charts.ts (see its comment) and commit the new charts.
      expect(renderMermaid(example)).toBe(committed);
    },
  );

  test("card-phases' committed charts show the phase ends the game uses, by rule, and nothing it does not", () => {
    const mermaid = readFileSync(file('card-phases', 'chart.mmd'), 'utf8');
    // endPhase is neither sent by players nor called by the game's code; setPhase neither: not drawn.
    // Both ways between two states: one label, the way back marked ↩ (Mermaid would draw the two labels as one).
    expect(mermaid).toContain(
      's_phases_draw --> s_phases_play : automatic · endIf<br/>pass · next<br/>↩ automatic · endIf<br/>↩ pass · next',
    );
    expect(mermaid).toMatch(/^ *s_phases_play --> s_phases_draw$/m);
    expect(mermaid).not.toContain('setPhase');
    expect(mermaid).not.toContain('endPhase');
    // A phase, its turn and the seats folded into one region are one box, its turn's loop in its name.
    expect(mermaid).toContain('state "draw · turn · each player (×2) ↻ endTurn, pass · order.next" as s_phases_draw {');
    const svg = readFileSync(file('card-phases', 'chart.svg'), 'utf8');
    const arrows = [
      ...svg.matchAll(
        /<g class="transition transition-(\w+)( [\w-]+)*" data-source="(\w+)" data-target="(\w+)"[^>]*>([\s\S]*?)<\/g>/g,
      ),
    ].map(([, kind, , source, target, body]) => ({
      kind,
      source,
      target,
      label: [...body.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(' / '),
    }));
    // phase0 is draw, phase1 play.
    expect(arrows).toContainEqual({
      kind: 'flow',
      source: 'phase0',
      target: 'phase1',
      label: 'automatic · endIf / pass · next',
    });
    expect(arrows).toContainEqual({
      kind: 'flow',
      source: 'phase1',
      target: 'phase0',
      label: 'automatic · endIf / pass · next',
    });
    expect(arrows.filter((arrow) => arrow.kind === 'argument')).toEqual([]);
  });

  test("blitz's committed charts write each time limit with its duration, rule and outcome, where it runs", () => {
    const mermaid = readFileSync(file('blitz', 'chart.mmd'), 'utf8');
    // The turn limit is a loop of the turn (in its box's name); the clock a loop of each seat's active state.
    expect(mermaid).toMatch(/^ *state "[^"]*turn · each player \(×2\)[^"]* ↻ after 20 s · turn\.time → onTimeout"/m);
    expect(mermaid).toMatch(/^ *(s_\w+_active) --> \1 : after its clock \(3 min\)<br\/>· clock → endGame$/m);
    const svg = readFileSync(file('blitz', 'chart.svg'), 'utf8');
    const texts = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(texts).toEqual(
      expect.arrayContaining([
        '↻ after 20 s · turn.time → onTimeout',
        '↻ after its clock (3 min)',
        '  · clock → endGame',
      ]),
    );
  });

  test.each(EXAMPLES.map((example) => [example.name, example] as const))(
    '%s: chart.svg draws the same states',
    (name, example) => {
      const svg = readFileSync(file(name, 'chart.svg'), 'utf8');
      expect(svg.startsWith('<?xml')).toBe(true);
      const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
      // A box's name; a turn and its one (folded) region share a box, `turn · each player (×4)`.
      const svgStates = new Set(
        [...svg.matchAll(/<text class="name"[^>]*>([^<]*)<\/text>/g)].flatMap((m) => decode(m[1]).split(' · ')),
      );
      // A Mermaid box's name: the states it draws (`draw · turn · each player (×4)`), then its loops after ↻.
      const mermaidStates = new Set(
        [...renderMermaid(example).matchAll(/state "([^"]*)" as/g)].flatMap((m) =>
          m[1]
            .split(' ↻ ')[0]
            .replace(/ \(not reached\)$/, '')
            .split(' · '),
        ),
      );
      expect([...mermaidStates].filter((state) => !svgStates.has(state) && state !== 'turnchart')).toEqual([]);
      expect(svgStates.has('gameover')).toBe(name !== 'card-phases');
      expect(svgStates).toContain(`each player (×${example.numPlayers})`);
      for (const phase of Object.keys(example.game.phases ?? {})) expect(svgStates).toContain(phase);
    },
  );
});
