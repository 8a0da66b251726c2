/**
 * Mermaid draws what toMermaid writes (docs/diagrams): every example's
 * committed chart.mmd, and the unfolded charts with argument-driven edges,
 * rendered by the mermaid package (its browser bundle) in headless Chromium.
 * The parser alone (mermaid.test.ts) accepts diagrams that Mermaid's layout
 * then fails on (a loop on a seat region), so this test lays them out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createGameMachine } from '../../src/index';
import { toMermaid } from '../../src/adapters/diagram/mermaid';
import { EXAMPLES } from '../../examples/charts';
import { browserTestsEnabled, launchChromium, ROOT } from '../inspect/support/inspector';

const enabled = browserTestsEnabled();
if (!enabled.run) {
  console.warn(`SKIPPED test/diagram/mermaid-render.test.ts: ${enabled.reason}`);
}
const describeBrowser = enabled.run ? describe : describe.skip;

/** A label as Mermaid drew it: its lines (split at <br>), and how many lines it takes on screen. */
interface DrawnLabel {
  lines: string[];
  shownLines: number;
}

/** The diagram rendered to SVG by Mermaid, in the page: its edge labels, what covers them, or the error Mermaid threw. */
async function render(
  page: Page,
  text: string,
): Promise<{ error?: string; labels: DrawnLabel[]; covered: string[]; height: number; fontSize: number }> {
  return page.evaluate(async (source) => {
    const mermaid = (
      window as unknown as {
        mermaid: { initialize(config: object): void; render(id: string, text: string): Promise<{ svg: string }> };
      }
    ).mermaid;
    mermaid.initialize({ startOnLoad: false });
    try {
      const { svg } = await mermaid.render(`chart${Math.random().toString(36).slice(2)}`, source);
      document.body.innerHTML = svg;
      const labels = Array.from(document.querySelectorAll('.edgeLabel p')).map((p) => {
        const lines = p.innerHTML
          .split(/<br\s*\/?>/)
          .map((html) => new DOMParser().parseFromString(html, 'text/html').body.textContent!.trim());
        const lineHeight = parseFloat(getComputedStyle(p).lineHeight) || parseFloat(getComputedStyle(p).fontSize) * 1.5;
        return { lines, shownLines: Math.round((p as HTMLElement).offsetHeight / lineHeight) };
      });
      // An edge label over another, over a state, or over a composite state's name (a loop's label under its box).
      const box = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return {
          x: rect.x,
          y: rect.y,
          width: rect.width,
          height: rect.height,
          text: element.textContent?.trim() ?? '',
        };
      };
      const edgeLabels = Array.from(document.querySelectorAll('g.edgeLabel'))
        .map(box)
        .filter((b) => b.width && b.text);
      const others = [
        ...Array.from(document.querySelectorAll('g.node')).map(box),
        ...Array.from(document.querySelectorAll('g.cluster .cluster-label, g.cluster text')).map(box),
      ].filter((b) => b.width);
      const over = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) =>
        a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
      const covered = edgeLabels.flatMap((label, i) =>
        [...edgeLabels.slice(i + 1), ...others]
          .filter((other) => over(label, other))
          .map((other) => `"${label.text}" under "${other.text}"`),
      );
      const drawing = document.querySelector('svg')!;
      const fontSize = parseFloat(getComputedStyle(document.querySelector('g.node .nodeLabel, g.node text')!).fontSize);
      return { labels, covered, height: drawing.viewBox.baseVal.height, fontSize };
    } catch (error) {
      return { error: String((error as Error).message ?? error), labels: [], covered: [], height: 0, fontSize: 0 };
    }
  }, text);
}

describeBrowser('Mermaid renders the diagrams (Chromium)', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js') });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test.each(EXAMPLES.map((example) => [example.name] as const))(
    "%s: chart.mmd is laid out, each rule on a line of its edge label, no label covered, at most 1600 px tall at the exports' 12 px text",
    async (name) => {
      const text = readFileSync(join(ROOT, 'examples', name, 'chart.mmd'), 'utf8');
      const drawn = await render(page, text);
      expect(drawn.error).toBeUndefined();
      expect(drawn.covered).toEqual([]);
      // Mermaid writes 16 px text: the exports' limit, 1600 px at 12 px, is 2133 px here.
      expect(drawn.fontSize).toBeGreaterThanOrEqual(12);
      expect(drawn.height * (12 / drawn.fontSize)).toBeLessThanOrEqual(1600);
      // Every line of every edge label is drawn, each on a line of its own: Mermaid wraps none of ours.
      const written = [...text.matchAll(/--> \S+ : (.*)$/gm)]
        .flatMap((match) => match[1].split('<br/>'))
        .map((line) =>
          line
            .replace(/#59;/g, ';')
            .replace(/#quot;/g, '"')
            .trim(),
        );
      const shown = drawn.labels.flatMap((label) => label.lines);
      expect(written.filter((line) => !shown.includes(line))).toEqual([]);
      expect(
        drawn.labels.filter((label) => label.lines.join('') !== '' && label.shownLines !== label.lines.length),
      ).toEqual([]);
    },
  );

  test('unfolded seats with argument-driven edges drawn are laid out too', async () => {
    for (const example of EXAMPLES.filter(({ name }) => ['card-phases', 'discard', 'stage-chain'].includes(name))) {
      const text = toMermaid(createGameMachine(example.game, { numPlayers: example.numPlayers }), {
        seats: 'unfold',
        arguments: 'dashed',
      });
      expect([example.name, (await render(page, text)).error]).toEqual([example.name, undefined]);
    }
  });
});
