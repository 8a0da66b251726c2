/**
 * Zoom of the chart pane: `fit` (the default) scales the drawing to fill the
 * pane (width and height), larger than its natural size when it is small,
 * and never so small that its text is drawn under 11 px (then the pane
 * scrolls); an embedding may ask for a larger floor (`data-min-text` on the
 * body: the React debug panel). `−` / `+` step from the current scale.
 */
let zoom: 'fit' | number = 'fit';

/** The smallest and largest scales `fit` draws at: text at 11 px at least, and a small chart not blown up past 1.6×. */
export const FIT_MIN = 11 / 12;
export const FIT_MAX = 1.6;

/** The smallest scale `fit` may use: the drawing's text at 11 px, or at the embedding's floor. */
function leastScale(svg: SVGSVGElement): number {
  const minText = Number(document.body.dataset.minText);
  const text = svg.querySelector('text');
  const size = text ? parseFloat(getComputedStyle(text).fontSize) : NaN;
  return minText > 0 && size > 0 ? Math.max(FIT_MIN, minText / size) : FIT_MIN;
}

function naturalSize(svg: SVGSVGElement): { width: number; height: number } {
  return { width: Number(svg.getAttribute('width')) || 1, height: Number(svg.getAttribute('height')) || 1 };
}

/** The room the chart pane has for the drawing (px), inside its padding. */
export function paneRoom(): { width: number; height: number } | undefined {
  const pane = document.getElementById('chart');
  if (!pane) return undefined;
  const style = getComputedStyle(pane);
  return {
    width: pane.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    height: pane.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
  };
}

/** Size the chart's SVG for the current zoom. */
export function applyZoom(): void {
  const pane = document.getElementById('chart');
  const svg = pane?.querySelector('svg');
  const room = paneRoom();
  if (!pane || !svg || !room) return;
  const { width, height } = naturalSize(svg);
  const whole = Math.min(room.width / width, room.height / height);
  const least = leastScale(svg);
  const scale = zoom === 'fit' ? Math.min(Math.max(FIT_MAX, least), Math.max(least, whole)) : zoom;
  // Rounded down, where it fits: a drawing a pixel larger than the pane would scroll; up at the smallest scale, which scrolls anyway.
  const round = zoom === 'fit' && scale === least ? Math.ceil : Math.floor;
  svg.style.width = `${round(width * scale)}px`;
  svg.style.height = `${round(height * scale)}px`;
  pane.dataset.zoom = zoom === 'fit' ? 'fit' : String(zoom);
  pane.dataset.scale = scale.toFixed(3);
}

function currentScale(): number {
  const svg = document.querySelector<SVGSVGElement>('#chart svg');
  if (!svg) return 1;
  return svg.getBoundingClientRect().width / naturalSize(svg).width;
}

export function bindZoom(): void {
  document.getElementById('zoom')?.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest('button');
    const step = button?.dataset.zoom;
    if (step === 'fit') zoom = 'fit';
    else if (step === 'in') zoom = Math.min(3, currentScale() * 1.25);
    else if (step === 'out') zoom = Math.max(0.1, currentScale() / 1.25);
    applyZoom();
  });
  window.addEventListener('resize', applyZoom);
}
