/**
 * turnchart/inspect: watch a match live. Stately Inspector from Node
 * (`connectStately`), and the local, offline inspector page
 * (`startInspectorServer`, or `turnchart inspect <game module>`). See
 * docs/inspect.md. Node only; for `import` and `require` (the CommonJS build
 * carries its own copy of @statelyai/inspect, an ES module only).
 */
export { connectStately } from './stately';
export type { StatelyConnection } from './stately';
export { statelyStream, toStatelyInspector } from './stately-stream';
export type { StatelyInspectionEvent, StatelySink } from './stately-stream';
export { startInspectorServer } from './server';
export type { InspectorServer, InspectorServerOptions } from './server';
export { InspectorSession } from '../qa/inspector-session';
export type { InspectorSessionOptions, SendResult, SessionMessage, TakenTransition } from '../qa/inspector-session';
export { allowedActions, allowedActionsOf } from '../qa/allowed-actions';
export type { AllowedAction, GameSnapshot } from '../qa/allowed-actions';
export { loadPageScript, buildPageScript } from './page-script';
export type { ChartTreeNode, PageMessage, ServerMessage } from './protocol';
