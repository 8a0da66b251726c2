/** The SVG drawing's style sheet: its one font size, and the look of each kind of state and transition. */
export const svgStyle = (fontSize: number): string => `
  text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: ${fontSize}px; fill: #1f2937; }
  .state > rect { fill: #ffffff; stroke: #475569; stroke-width: 1.2; }
  .state-root > rect { fill: #f8fafc; }
  .state-compound > rect { fill: #f1f5f9; }
  .state-parallel > rect { fill: #eef2ff; stroke: #6366f1; }
  .state-region > rect { fill: #ffffff; stroke: #818cf8; stroke-dasharray: 5 3; }
  .state-region.folded > rect.outer { stroke-width: 1.6; }
  .state-region.folded > rect.stack { fill: #ffffff; stroke: #a5b4fc; stroke-dasharray: 5 3; }
  .state-final > rect.outer { fill: #ffffff; }
  .state .name { font-weight: bold; }
  .state .internal { fill: #0f766e; }
  .state .summary { fill: #475569; font-style: italic; }
  .state.collapsed > rect.outer { stroke-width: 1.6; }
  .transition-note text { fill: #475569; font-style: italic; }
  .state.unreached > rect { fill: #f3f4f6; stroke: #d1d5db; }
  .state.unreached > text { fill: #9ca3af; }
  .initial { fill: #1f2937; stroke: #ffffff; stroke-width: 1.5; }
  .transition path, .guide path { fill: none; stroke: #334155; stroke-width: 1.2; }
  .transition-argument path { stroke: #64748b; stroke-dasharray: 5 3; }
  .transition text { fill: #7c2d12; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
  .transition-argument text { fill: #475569; }
  .transition.unreached path { stroke: #d1d5db; }
  .transition.unreached text { fill: #9ca3af; }
  .transition-written text { paint-order: normal; stroke: none; }
  .legend > rect { fill: #f8fafc; stroke: #cbd5e1; }
  .legend text { fill: #475569; }
  .legend .title { font-weight: bold; }
`;
