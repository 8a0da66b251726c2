/** A bot misused: a game without `ai.enumerate`, a seat no bot plays, an enumerate entry that is not an action. */
export class BotError extends Error {
  constructor(message: string) {
    super(`turnchart bots: ${message}`);
    this.name = 'BotError';
  }
}
