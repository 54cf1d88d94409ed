/**
 * @module cli/command
 * The contract of one CLI command and the helpers every command shares: per-command flag parsing
 * with node:util parseArgs, usage errors (exit 2) and the I/O a command may use.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { LineWriter } from '../logging.js';

/** Exit codes of every command (documented in the README). */
export const exitCodes = { ok: 0, failure: 1, usage: 2 } as const;

export interface CommandIO {
  /** Command output (a list, a generated password). */
  stdout: LineWriter;
  /** Diagnostics and the service's start-up summary. */
  stderr: LineWriter;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface Command {
  /** The word after `gatehouse`. */
  readonly name: string;
  /** One line for `gatehouse --help`. */
  readonly summary: string;
  /** The full text of `gatehouse <name> --help`. */
  readonly usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[], io: CommandIO): Promise<number>;
}

/** A mistake in the command line or configuration: printed without a stack, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Flag values by name (`--data-dir` is `values['data-dir']`) and the positional arguments. */
export interface ParsedFlags {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** parseArgs in strict mode, with its errors turned into {@link UsageError}s that name the command. */
export function parseFlags(
  command: string,
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  positionals = 0,
): ParsedFlags {
  try {
    const parsed = parseArgs({
      args,
      options,
      strict: true,
      allowPositionals: positionals > 0,
    }) as ParsedFlags;
    if (parsed.positionals.length > positionals) {
      throw new UsageError(`unexpected argument '${parsed.positionals[positionals]}'`);
    }
    return parsed;
  } catch (error) {
    const message = (error as Error).message.replace(/\.\s.*$/s, '');
    throw new UsageError(`gatehouse ${command}: ${message} (see: gatehouse ${command} --help)`);
  }
}

/** Help rows as two aligned columns, indented by two spaces. */
export function helpColumns(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`).join('\n');
}
