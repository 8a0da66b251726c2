/** Diagram export: a turnchart (or any xstate v5) machine as Mermaid, Stately JSON or SVG. Pure functions, no I/O. */
export { toMermaid, mermaidLabel } from './mermaid';
export type { MermaidOptions } from './mermaid';
export { toJson, toJsonObject } from './json';
export type { JsonOptions } from './json';
export { toSvg, drawSvg } from './svg';
export type { SvgOptions } from './svg';
export { chartGraph } from './chart-graph';
export { shortRule } from './rule-labels';
export type {
  ArgumentEdges,
  ChartEdge,
  ChartEdgeKind,
  ChartEdgeRule,
  ChartGraph,
  ChartGraphOptions,
  ChartNode,
  ChartNodeKind,
} from './chart-graph-types';
export { reachedStates } from './reached';
export type { PlayedCall, ReachedOptions, ReachedStates } from './reached';
export { chartUsage } from './chart-usage';
export type { ChartUsage } from './chart-usage';
