/**
 * turnchart/qa: tools for testing a game's flow. Traces (record, replay and
 * verify), the stepper's core, shortest paths through the chart, coverage of
 * the chart by traces, and a check for where a game can get stuck. The
 * `turnchart` CLI's step, replay, paths, coverage and check commands are
 * built on these.
 */
export { TRACE_FORMAT, TraceFormatError, parseTrace, traceState, describeRequest } from './trace';
export type { Trace, TraceAction, TraceGame, TraceRequest, TraceState } from './trace';
export { TraceRecorder, createTraceRecorder, recordTrace } from './recorder';
export type { RecordOptions } from './recorder';
export { sessionTrace } from './session-trace';
export { replayTrace } from './replay';
export type { Divergence, ReplayOptions, ReplayReport } from './replay';
export { machineHash } from './machine-hash';
export { diffValues, firstDifference } from './diff';
export type { Difference } from './diff';
export {
  allChoices,
  playerChoices,
  acceptedRequests,
  candidateRequests,
  playerEvents,
  PLAYER_EVENTS,
} from './candidates';
export type { AcceptedRequest, CandidateOptions, EventChoice, PlayerChoices } from './candidates';
export { Stepper } from './stepper';
export type { StepperOptions } from './stepper';
export { exploreChart } from './explore';
export type { Dedupe, ExploreOptions, Exploration } from './explore';
export { findPaths, configurationOf, describeConfiguration } from './paths';
export type { ChartPaths, Configuration, PathsOptions, PhaseTarget, TargetPath } from './paths';
export { pathsText, pathsJestScaffold } from './paths-report';
export { chartIndex } from './chart-index';
export type { ChartIndex, ChartNode, ChartTransition } from './chart-index';
export { traceCoverage } from './coverage';
export type { CoverageOptions, CoverageReport, PlayoutCoverage } from './coverage';
export { coverageText, coverageJson } from './coverage-report';
export { checkGame } from './check';
export type { CheckOptions, CheckReport, GameOverReach, PathStep, Trap } from './check';
export { checkText, checkJson, checkFoundProblems } from './check-report';
export { createEndIfOracle } from './endif-oracle';
export { createProgress } from './progress';
