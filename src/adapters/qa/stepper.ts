/**
 * The interactive stepper's logic, without a terminal: it takes input lines
 * and returns the text to show, so `turnchart step` is a thin readline loop
 * around it and tests drive it directly.
 *
 * It shows the phase, turn, current player and each seat's state in the chart
 * (`idle`, `active` or a stage, read from the chart's state value), then a
 * numbered list of the requests each player may send now (candidates.ts:
 * every move and flow event tried against the machine's own evaluation). The
 * user picks one by number, optionally followed by JSON arguments; sees what
 * changed in G and ctx; can `undo`, `save <file>` the session as a trace, or
 * `send <player> <type> [args]` anything at all.
 *
 * The match is an InspectorSession (src/adapters/inspect): its timeline of
 * persisted snapshots gives undo, its request list gives the trace, and its
 * verdict on each request is the one the saved trace records (a request
 * after the game is over is refused, `GAME_OVER`).
 */
import type { RequestEvent, TurnchartContext, Game } from '../../machines';
import { InspectorSession } from './inspector-session';
import { allChoices, type CandidateOptions } from './candidates';
import { brief, diffValues } from './diff';
import { configurationOf } from './paths';
import { sessionTrace } from './session-trace';
import { describeRequest, type Trace } from './trace';
import type { TimeMessage } from './session-time';
import { timeText } from './time-text';

export interface StepperOptions {
  game: Game;
  numPlayers: number;
  seed?: string | number;
  setupData?: unknown;
  candidates?: CandidateOptions;
  /** Writes a saved trace (the CLI writes files; tests keep them). Throws on failure. */
  writeFile: (path: string, text: string) => void;
}

interface Choice {
  request: RequestEvent;
  /** A move whose arguments the user must type. */
  needsArgs?: boolean;
  takesArgs?: boolean;
}

const HELP = [
  'Commands:',
  '  <n>                  send request number n',
  '  <n> <json array>     send it with these arguments, e.g. 3 [2, "x"]',
  '  send <p> <type> [a]  send any request: player p, type (move.<name> or an event), JSON arguments',
  '  undo                 take back the last request',
  '  advance <duration>   let time pass (30s, 1.5m, 250ms): each deadline it passes applies its timeout',
  '  expire               the next deadline comes now: its timeout applies',
  '  save <file>          save the session as a trace (turnchart-trace/1)',
  '  state                print G and ctx',
  '  help                 this text',
  '  quit                 leave',
].join('\n');

function parseArgs(text: string): unknown[] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  return Array.isArray(value) ? value : `arguments are a JSON array, like [] or [3] (got ${brief(value, 40)})`;
}

/** `30s`, `1.5m`, `250ms`, `1h` in ms; undefined when it is not a duration. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 }[match[2]]!;
  return Math.round(Number(match[1]) * unit);
}

/** `time 12.0 s · player 0: 8.0 s (turn), clock 52.0 s running · player 1: clock 1:00.0` */
function timeLine(time: TimeMessage): string {
  const seats = Object.entries(time.seats).map(([seat, left]) => {
    const parts: string[] = [];
    if (left.left !== undefined) parts.push(`${timeText(left.left)} (${left.limit})`);
    if (left.clock !== undefined) parts.push(`clock ${timeText(left.clock)}${left.running ? ' running' : ''}`);
    return `player ${seat}: ${parts.join(', ') || 'no limit'}`;
  });
  return `time ${timeText(time.now)} · ${seats.join(' · ')}`;
}

export class Stepper {
  readonly session: InspectorSession;
  private readonly options: StepperOptions;
  private choices: Choice[] = [];
  /** Set while waiting for the arguments of a chosen move. */
  private pending: Choice | undefined;
  private finished = false;

  constructor(options: StepperOptions) {
    this.options = options;
    this.session = new InspectorSession({
      game: options.game,
      numPlayers: options.numPlayers,
      seed: options.seed ?? `step-${Date.now().toString(36)}`,
      setupData: options.setupData,
    });
  }

  get prompt(): string {
    return this.pending ? `arguments for ${this.pending.request.type} as a JSON array (empty line: cancel)> ` : '> ';
  }

  /** True once the user asked to quit. */
  get done(): boolean {
    return this.finished;
  }

  private get context(): TurnchartContext {
    return this.session.context;
  }

  /** The text shown before the first input. */
  start(): string {
    const name = this.options.game.name ?? 'game';
    return `${name}: ${this.options.numPlayers} players, seed ${JSON.stringify(this.session.seed)}. Type a number to send that request, "help" for commands.\n\n${this.view()}`;
  }

  /** The session so far as a trace. */
  trace(): Trace {
    return sessionTrace(this.session, { setupData: this.options.setupData, recordedBy: 'stepper' });
  }

  /** Handle one line of input; returns what to show. */
  input(line: string): string {
    const text = line.trim();
    if (this.pending) {
      const choice = this.pending;
      this.pending = undefined;
      if (text === '') return `cancelled\n\n${this.view()}`;
      const args = parseArgs(text);
      if (typeof args === 'string') return `${args}\n\n${this.view()}`;
      return this.send({ ...choice.request, args });
    }
    if (text === '') return this.view();
    const [word, ...rest] = text.split(/\s+/);
    const remainder = text.slice(word.length).trim();
    switch (word.toLowerCase()) {
      case 'help':
      case '?':
        return `${HELP}\n`;
      case 'quit':
      case 'exit':
      case 'q':
        this.finished = true;
        return '';
      case 'undo':
      case 'u':
        return this.undo();
      case 'state':
        return `G:   ${JSON.stringify(this.context.G)}\nctx: ${JSON.stringify(this.context.ctx)}\n`;
      case 'save':
        return this.save(remainder);
      case 'send':
        return this.sendTyped(rest);
      case 'advance':
        return this.advance(remainder);
      case 'expire':
        return this.expire();
    }
    if (!/^\d+$/.test(word)) return `unknown command "${word}" (type "help")\n`;
    const choice = this.choices[Number(word) - 1];
    if (!choice)
      return this.choices.length
        ? `there is no request ${word}: choose 1 to ${this.choices.length}\n`
        : 'nothing can be sent now ("undo" to go back)\n';
    if (remainder !== '') {
      const args = parseArgs(remainder);
      if (typeof args === 'string') return `${args}\n`;
      return this.send({ ...choice.request, args });
    }
    if (choice.needsArgs) {
      this.pending = choice;
      return '';
    }
    return this.send(choice.request);
  }

  private sendTyped(words: string[]): string {
    const [playerID, type] = words;
    if (playerID === undefined || type === undefined)
      return 'usage: send <player> <type> [json arguments], e.g. send 0 move.play [1]\n';
    const argsText = words.slice(2).join(' ');
    const args = argsText === '' ? [] : parseArgs(argsText);
    if (typeof args === 'string') return `${args}\n`;
    return this.send({ type, playerID, args });
  }

  private send(request: RequestEvent): string {
    const before = { G: this.context.G, ctx: this.context.ctx };
    const result = this.session.send(request);
    const rejection = result.ok ? undefined : result.rejection;
    const head = describeRequest(request);
    if (rejection) {
      return `${head}: refused, ${rejection.code}: ${rejection.message}\n(kept in the session as a refused request; "undo" takes it back)\n\n${this.view()}`;
    }
    const after = { G: this.context.G, ctx: this.context.ctx };
    const changes = [...diffValues(before.G, after.G, 'G'), ...diffValues(before.ctx, after.ctx, 'ctx')];
    const lines = [`${head}: accepted`];
    if (changes.length === 0) lines.push('  (G and ctx unchanged)');
    for (const change of changes) lines.push(`  ${change.path}: ${brief(change.before)} → ${brief(change.after)}`);
    return `${lines.join('\n')}\n\n${this.view()}`;
  }

  private advance(text: string): string {
    if (!this.session.time) return 'this game has no time limits\n';
    const ms = parseDuration(text);
    if (ms === undefined) return 'usage: advance <duration>, e.g. advance 30s, advance 1.5m, advance 250ms\n';
    const applied = this.session.advance(ms);
    const what = applied === 0 ? 'no deadline passed' : `${applied} timeout${applied === 1 ? '' : 's'} applied`;
    return `advanced ${text}: ${what}\n\n${this.view()}`;
  }

  private expire(): string {
    if (!this.session.time) return 'this game has no time limits\n';
    const result = this.session.expire();
    if (!result.ok) return `nothing to expire: ${result.rejection.message}\n`;
    return `the next deadline came: its timeout applied\n\n${this.view()}`;
  }

  private undo(): string {
    const last = this.session.requests[this.session.position - 1];
    const refused = last?.rejection;
    if (!this.session.back()) return 'nothing to undo\n';
    return `undid ${describeRequest(last.request)}${refused ? ' (refused)' : ''}\n\n${this.view()}`;
  }

  private save(path: string): string {
    if (path === '') return 'usage: save <file>\n';
    const trace = this.trace();
    try {
      this.options.writeFile(path, `${JSON.stringify(trace, null, 2)}\n`);
    } catch (error) {
      return `cannot save ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`;
    }
    return `saved ${trace.actions.length} request${trace.actions.length === 1 ? '' : 's'} to ${path}\n`;
  }

  /** The current situation and the numbered choices. */
  view(): string {
    const { ctx } = this.context;
    const value = this.session.actor.getSnapshot().value;
    const lines: string[] = [];
    const position = `after ${this.session.position} request${this.session.position === 1 ? '' : 's'}`;
    if (ctx.gameover !== undefined) {
      lines.push(`game over: ${brief(ctx.gameover)} (${position}; "undo" to go back)`);
      this.choices = [];
      return `${lines.join('\n')}\n`;
    }
    const { phase, seats } = configurationOf(value);
    lines.push(`phase ${phase} · turn ${ctx.turn} · current player ${ctx.currentPlayer} · ${position}`);
    lines.push(
      `seats: ${Object.entries(seats)
        .map(([seat, state]) => `${seat} ${state}`)
        .join(' · ')}`,
    );
    const time = this.session.time?.message(ctx);
    if (time) lines.push(timeLine(time));
    this.choices = [];
    for (const { playerID, accepted, needsArgs } of allChoices(
      this.options.game,
      this.context,
      this.options.candidates,
    )) {
      const entries: string[] = [];
      for (const { request, takesArgs } of accepted) {
        this.choices.push({ request, ...(takesArgs ? { takesArgs } : {}) });
        entries.push(
          `${String(this.choices.length).padStart(4)}  ${request.type}${request.args && request.args.length ? ` ${JSON.stringify(request.args)}` : ''}`,
        );
      }
      for (const type of needsArgs) {
        this.choices.push({ request: { type, playerID, args: [] }, needsArgs: true });
        entries.push(`${String(this.choices.length).padStart(4)}  ${type} (type its arguments)`);
      }
      lines.push(entries.length ? `player ${playerID} may send:` : `player ${playerID} may send: nothing`);
      lines.push(...entries);
    }
    return `${lines.join('\n')}\n`;
  }
}
