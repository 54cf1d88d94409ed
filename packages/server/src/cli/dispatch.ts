/**
 * @module cli/dispatch
 * Runs one command of a table: `gatehouse <command> [args]`, top-level `--help` and `--version`, and
 * the mapping of failures to exit codes (usage and config errors print one clear message, exit 2;
 * anything else prints its message, exit 1).
 */
import { ConfigError } from '../settings/errors.js';
import { type Command, type CommandIO, exitCodes, helpColumns, UsageError } from './command.js';

export function topLevelUsage(commands: readonly Command[]): string {
  return `Usage: gatehouse <command> [flags]

Commands:
${helpColumns(commands.map((c) => [c.name, c.summary]))}

Run "gatehouse <command> --help" for the flags of a command.
  -h, --help     show this help
  --version      print the version`;
}

export async function dispatch(
  commands: readonly Command[],
  argv: string[],
  io: CommandIO,
  version: string,
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    (first === undefined ? io.stderr : io.stdout)(topLevelUsage(commands));
    return first === undefined ? exitCodes.usage : exitCodes.ok;
  }
  if (first === '--version') {
    io.stdout(version);
    return exitCodes.ok;
  }
  const command = commands.find((c) => c.name === first);
  if (command === undefined) {
    io.stderr(`gatehouse: unknown command '${first}' (see: gatehouse --help)`);
    return exitCodes.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.stderr(error.message);
      return exitCodes.usage;
    }
    io.stderr(`gatehouse ${command.name}: ${(error as Error).message ?? String(error)}`);
    return exitCodes.failure;
  }
}
