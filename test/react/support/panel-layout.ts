/**
 * For the debug panel's browser tests: what the panel covers and how small
 * its text is, measured by Chromium in the app's page and in the panel's
 * frame (the chart's text at the scale the page draws it).
 */
import type { Frame, Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The area two boxes share (0: they do not overlap). */
export const sharedArea = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

export async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

/** The panel's frame (the inspector page). */
export async function panelFrame(page: Page): Promise<Frame> {
  const frame = await (await page.$('iframe.turnchart-debug-frame'))?.contentFrame();
  if (!frame) throw new Error('the panel has no frame');
  return frame;
}

/** Every shown piece of text under `root` in this document, with its drawn font size (an SVG's text at the SVG's scale). */
function textSizes(root: string): { text: string; px: number }[] {
  const found: { text: string; px: number }[] = [];
  const scaleOf = (element: Element): number => {
    const svg = element.closest('svg');
    if (!svg) return 1;
    const natural = Number(svg.getAttribute('width'));
    return natural > 0 ? svg.getBoundingClientRect().width / natural : 1;
  };
  for (const element of Array.from(document.querySelectorAll(`${root} *`))) {
    const own = Array.from(element.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? '')
      .join('')
      .trim();
    if (!own || element.getClientRects().length === 0) continue;
    if (element.closest('option, style, script, title')) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden') continue;
    found.push({ text: own.slice(0, 40), px: parseFloat(style.fontSize) * scaleOf(element) });
  }
  return found;
}

/** The smallest text of the panel: its own bar and its page, chart included. */
export async function smallestPanelText(page: Page): Promise<{ text: string; px: number }> {
  const sizes = [
    ...(await page.evaluate(textSizes, '.turnchart-debug')),
    ...(await (await panelFrame(page)).evaluate(textSizes, 'body')),
  ];
  if (sizes.length === 0) throw new Error('the panel shows no text');
  return sizes.reduce((least, size) => (size.px < least.px ? size : least));
}

/**
 * Whether a click at the middle of `selector` reaches it: the element hit
 * there is it (or inside it), and a real click there fires its listener.
 */
export async function clickReaches(page: Page, selector: string): Promise<boolean> {
  const box = await boxOf(page, selector);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const hit = await page.evaluate(
    ({ selector, point }) => {
      const target = document.querySelector(selector)!;
      const element = document.elementFromPoint(point.x, point.y);
      target.setAttribute('data-clicked', 'no');
      target.addEventListener('click', () => target.setAttribute('data-clicked', 'yes'), { once: true });
      return element !== null && (element === target || target.contains(element));
    },
    { selector, point },
  );
  await page.mouse.click(point.x, point.y);
  return hit && (await page.getAttribute(selector, 'data-clicked')) === 'yes';
}
