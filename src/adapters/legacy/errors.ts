/**
 * The error a legacy config raises when it cannot be translated: a key of one
 * API generation inside a config of another, a reference to something that
 * does not exist, or a feature the translation does not carry. The message
 * starts with the key at fault (`flow.phases.draw.endIf: ...`).
 */
export class LegacyGameError extends Error {
  /** The config key at fault, as a dotted path (`flow.phases.draw.next`). */
  readonly location: string;
  constructor(location: string, message: string) {
    super(`${location}: ${message}`);
    this.name = 'LegacyGameError';
    this.location = location;
  }
}
