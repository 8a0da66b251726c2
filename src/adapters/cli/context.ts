/** What a command may touch of the world: its output streams and working directory. */
export interface CliContext {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Where relative paths start. */
  cwd: string;
}

export function processContext(): CliContext {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
  };
}
