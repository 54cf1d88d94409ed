/**
 * @module logging
 * The service's one logger: libraries get it as their injected `Logger` (`logf(format, ...args)`),
 * and it writes one timestamped line per call to stderr. stdout stays free for command output.
 */
import { format } from 'node:util';

/** The logger shape every Gatehouse library accepts; structurally the same as `@gatehouse/auth`'s. */
export interface Logger {
  logf(format: string, ...args: unknown[]): void;
}

/** Where lines go; tests pass their own to capture them. */
export type LineWriter = (line: string) => void;

export const writeStderr: LineWriter = (line) => {
  process.stderr.write(`${line}\n`);
};

/** A logger writing `<ISO time> <message>` lines. Go-style `%v` is accepted as `%s`. */
export function createLogger(write: LineWriter = writeStderr): Logger {
  return {
    logf(pattern, ...args) {
      write(`${new Date().toISOString()} ${format(pattern.replaceAll('%v', '%s'), ...args)}`);
    },
  };
}
