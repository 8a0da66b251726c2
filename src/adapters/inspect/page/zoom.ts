/**
 * Zoom of the chart pane: `fit` (the default) scales the drawing to the
 * pane's width, never above its natural size; `−` / `+` step from the
 * current scale.
 */
let zoom: 'fit' | number = 'fit';

function naturalSize(svg: SVGSVGElement): { width: number; height: number } {
  return { width: Number(svg.getAttribute('width')) || 1, height: Number(svg.getAttribute('height')) || 1 };
}

/** Size the chart's SVG for the current zoom. */
export function applyZoom(): void {
  const pane = document.getElementById('chart');
  const svg = pane?.querySelector('svg');
  if (!pane || !svg) return;
  const { width, height } = naturalSize(svg);
  const scale = zoom === 'fit' ? Math.min(1, Math.max(0.1, (pane.clientWidth - 24) / width)) : zoom;
  svg.style.width = `${Math.round(width * scale)}px`;
  svg.style.height = `${Math.round(height * scale)}px`;
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
