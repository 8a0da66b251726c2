/**
 * Zoom of the chart pane: `fit` (the default) scales the drawing to show it
 * whole in the pane (width and height), never above its natural size;
 * `−` / `+` step from the current scale. An embedding that asks for it
 * (`data-min-text` on the body: the React debug panel) keeps `fit` from
 * drawing the text smaller than that; the pane scrolls then.
 */
let zoom: 'fit' | number = 'fit';

/** The smallest scale `fit` may use. */
function leastScale(svg: SVGSVGElement): number {
  const minText = Number(document.body.dataset.minText);
  const text = svg.querySelector('text');
  const size = text ? parseFloat(getComputedStyle(text).fontSize) : NaN;
  return minText > 0 && size > 0 ? Math.min(1, minText / size) : 0.1;
}

function naturalSize(svg: SVGSVGElement): { width: number; height: number } {
  return { width: Number(svg.getAttribute('width')) || 1, height: Number(svg.getAttribute('height')) || 1 };
}

/** Size the chart's SVG for the current zoom. */
export function applyZoom(): void {
  const pane = document.getElementById('chart');
  const svg = pane?.querySelector('svg');
  if (!pane || !svg) return;
  const { width, height } = naturalSize(svg);
  const style = getComputedStyle(pane);
  const room = {
    width: pane.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    height: pane.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
  };
  const fitted = Math.min(1, room.width / width, room.height / height);
  const least = leastScale(svg);
  const scale = zoom === 'fit' ? Math.max(least, fitted) : zoom;
  // Rounded down: a drawing a pixel larger than the pane would scroll. At the least scale it scrolls anyway: up.
  const round = zoom === 'fit' && fitted < least ? Math.ceil : Math.floor;
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
