/**
 * How long one step of a test (a child process run to its end, a browser
 * action) may take before the test calls it hung. No correct test comes near
 * it on a loaded machine: tests wait for events, not for time. It only makes
 * a hang end, where jest's own timeout (jest.config.cjs, longer) cannot
 * interrupt: a synchronous child process, a browser that stopped answering.
 */
export const HUNG_MS = 10 * 60_000;
