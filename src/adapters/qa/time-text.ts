/**
 * A remaining time as a clock shows it: seconds with a tenth under a
 * minute (`8.5 s`), minutes and seconds under an hour (`2:59.9`), hours
 * beyond (`1:00:00`). Read by the stepper and the inspector's time pane.
 */
export function timeText(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.floor(tenths / 10);
  const two = (n: number) => String(n).padStart(2, '0');
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${two(seconds % 60)}.${tenths % 10}`;
  return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}
