/**
 * @module commands/resources
 * `gatehouse resources import <files or dirs>` and `gatehouse resources commands
 * [list|retry|drop]` (commands/resources-queue.ts). `import` loads catalog JSON files (PuppetDB's `replace
 * catalog` wire format, or a command body wrapping one) into the service's resources store, with a
 * progress bar on a terminal and a summary. Each catalog is checked and stored atomically; bad
 * files are listed and skipped. Safe to re-run: unchanged catalogs are left as they are.
 */
import { resolve } from 'node:path';
import { importCatalogs, isPostgresUrl, openStore } from '@gatehouse/resources';
import { Presets, SingleBar } from 'cli-progress';
import { resourcesDatabase } from '../areas/resources/area.js';
import { type Command, type CommandIO, exitCodes, parseFlags, UsageError } from '../cli/command.js';
import { dataDirFlag, flagHelp, flagOptions, loadConfigWithFlags } from '../cli/config-flags.js';
import { describeDatabase } from '../data/database.js';
import type { ConfigFlag } from '../settings/text-values.js';
import { runQueueCommand } from './resources-queue.js';

const databaseFlag: ConfigFlag = {
  flag: 'database',
  key: 'resources.database',
  kind: 'text',
  placeholder: 'DB',
  help: 'SQLite file or postgres:// URL (default <data-dir>/resources.db)',
};
const flags = [databaseFlag, dataDirFlag];

const usage = `Usage: gatehouse resources import [flags] <file or directory>...
       gatehouse resources commands list|retry|drop [ID... | --all] [flags]

Loads catalog JSON files into the resources store and prints a summary (stored, unchanged, stale,
failed). Directories are searched recursively for *.json. Each file is a "replace catalog" payload
(wire format v9, as the Puppet terminus sends it) or {"command": "replace catalog", "version": 9,
"payload": {...}}. Exit code 1 when any file failed.

"commands" shows the durable command queue: "list" prints its depth and age and every dead
letter (a command that failed every attempt: id, uuid, command, certname, attempts, last error);
"retry" puts dead letters back in the queue (a running service applies them), "drop" deletes them.

Flags:
  --all           retry or drop every dead letter
  --restamp       set each catalog's producer_timestamp to now (sample files would
                  otherwise be expired by the node TTL)
${flagHelp(flags)}

Example:
  gatehouse resources import --restamp examples/catalogs
  gatehouse resources commands list
  gatehouse resources commands retry 12 13`;

function progressBar(total: number): { tick(done: number): void; stop(): void } {
  if (!process.stderr.isTTY || total === 0) return { tick() {}, stop() {} };
  const bar = new SingleBar(
    { stream: process.stderr, format: 'catalogs [{bar}] {value}/{total} {percentage}% eta {eta}s' },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: (done) => bar.update(done), stop: () => bar.stop() };
}

async function runImport(
  database: string,
  paths: string[],
  restamp: boolean,
  io: CommandIO,
): Promise<number> {
  const store = await openStore(database);
  try {
    let bar: ReturnType<typeof progressBar> | undefined;
    const summary = await importCatalogs(store, paths, {
      restamp,
      onProgress: ({ done, total }) => {
        bar ??= progressBar(total);
        bar.tick(done);
      },
    });
    bar?.stop();
    for (const { file, error } of summary.failed) io.stderr(`failed ${file}: ${error}`);
    io.stdout(
      `${summary.files} file(s): stored ${summary.stored}, unchanged ${summary.unchanged}, ` +
        `stale ${summary.stale}, failed ${summary.failed.length}; ${summary.resources} resource(s)`,
    );
    return summary.failed.length > 0 ? exitCodes.failure : exitCodes.ok;
  } finally {
    await store.close();
  }
}

export const resourcesCommand: Command = {
  name: 'resources',
  summary: 'load catalog files (import FILES|DIRS); the command queue (commands list|retry|drop)',
  usage,
  async run(args, io) {
    const options = {
      ...flagOptions(flags),
      restamp: { type: 'boolean' as const },
      all: { type: 'boolean' as const },
    };
    const { values, positionals } = parseFlags('resources', args, options, Number.MAX_SAFE_INTEGER);
    if (values.help) {
      io.stdout(usage);
      return exitCodes.ok;
    }
    const [action, ...paths] = positionals;
    if (action === 'commands') {
      const { config } = loadConfigWithFlags(flags, values, io);
      const configured = resourcesDatabase(config.resources, config.server.dataDir);
      const database = isPostgresUrl(configured) ? configured : resolve(io.cwd, configured);
      return runQueueCommand(database, paths[0], paths.slice(1), values.all === true, io);
    }
    if (action !== 'import' || paths.length === 0) {
      throw new UsageError(
        'gatehouse resources: expected "import <file or directory>..." or "commands list|retry|drop" (see: gatehouse resources --help)',
      );
    }
    const { config } = loadConfigWithFlags(flags, values, io);
    const configured = resourcesDatabase(config.resources, config.server.dataDir);
    const database = isPostgresUrl(configured) ? configured : resolve(io.cwd, configured);
    io.stderr(`importing into ${describeDatabase(database)}`);
    return runImport(
      database,
      paths.map((p) => resolve(io.cwd, p)),
      values.restamp === true,
      io,
    );
  },
};
