/**
 * Label lines broken where a reader expects it, for the SVG boxes and the
 * Mermaid edge labels: a list of events after a comma, and before the rule
 * (`endPhase, pass` / `· phases.draw.next`). A word longer than the width
 * keeps its own line.
 */

/** Events joined with commas, wrapped into lines of at most `width` characters. */
export function wrapEvents(events: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  events.forEach((event, index) => {
    const piece = index < events.length - 1 ? `${event},` : event;
    if (line !== '' && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else {
      line = line === '' ? piece : `${line} ${piece}`;
    }
  });
  if (line !== '') lines.push(line);
  return lines;
}

/** One label line (`endPhase, pass · phases.draw.next`) in lines of at most `width` characters. */
export function wrapLabel(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const at = line.indexOf(' · ');
  const events = (at < 0 ? line : line.slice(0, at)).split(', ');
  const lines = wrapEvents(events, width);
  if (at >= 0) lines.push(`· ${line.slice(at + 3)}`);
  return lines;
}

/**
 * A line in lines of at most `width` characters, broken before a rule
 * (` · `), before a target list (` → `) or a closing remark in parentheses, or after a
 * comma, packed greedily.
 */
export function wrapPhrases(line: string, width: number): string[] {
  const pieces = line.split(/(?<=, )|(?= · )|(?= → )|(?= \([^)]*\)$)/);
  const lines: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current !== '' && (current + piece).trimEnd().length > width) {
      lines.push(current.trimEnd());
      current = piece.trimStart();
    } else {
      current += piece;
    }
  }
  if (current.trim() !== '') lines.push(current.trimEnd());
  return lines;
}
