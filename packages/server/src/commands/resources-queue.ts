/**
 * @module commands/resources-queue
 * `gatehouse resources commands [list|retry|drop]`: the durable command queue of the resources
 * store, as PuppetDB keeps its discarded commands. `list` prints the queue's depth and age and
 * every dead letter (a command that failed every attempt) with its errors; `retry ID... | --all`
 * puts dead letters back in the queue (a running service applies them within a poll interval);
 * `drop ID... | --all` deletes them.
 */
import {
  dropDeadLetters,
  listDeadLetters,
  openStore,
  queueStats,
  type ResourceStore,
  retryDeadLetters,
} from '@gatehouse/resources';
import { type CommandIO, exitCodes, UsageError } from '../cli/command.js';

/** The ids named on the command line, or 'all' for --all. */
function selection(ids: string[], all: boolean): number[] | 'all' {
  if (all && ids.length === 0) return 'all';
  if (all || ids.length === 0) {
    throw new UsageError('gatehouse resources commands: name dead letter ids, or --all (not both)');
  }
  return ids.map((id) => {
    if (!/^\d+$/.test(id))
      throw new UsageError(`gatehouse resources commands: "${id}" is not a dead letter id`);
    return Number(id);
  });
}

async function list(store: ResourceStore, io: CommandIO): Promise<number> {
  const stats = await queueStats(store);
  const age = stats.oldestReceived
    ? `, oldest received ${stats.oldestReceived} (${Math.round((Date.now() - Date.parse(stats.oldestReceived)) / 1000)} s ago)`
    : '';
  io.stderr(`queue: ${stats.depth} command(s) waiting${age}; ${stats.deadLetters} dead letter(s)`);
  for (const dead of await listDeadLetters(store)) {
    const last = dead.errors.at(-1);
    io.stdout(
      `${dead.id}\t${dead.uuid}\t${dead.command} v${dead.version}\t${dead.certname}\treceived ${dead.received}\t` +
        `${dead.attempts} attempt(s)\tlast error ${last?.at ?? '?'}: ${last?.error ?? '?'}`,
    );
  }
  return exitCodes.ok;
}

/** Runs one `commands` action on `database`. */
export async function runQueueCommand(
  database: string,
  action: string | undefined,
  ids: string[],
  all: boolean,
  io: CommandIO,
): Promise<number> {
  if (action !== 'list' && action !== 'retry' && action !== 'drop') {
    throw new UsageError(
      'gatehouse resources commands: expected list, retry or drop (see: gatehouse resources --help)',
    );
  }
  if (action === 'list' && (ids.length > 0 || all)) {
    throw new UsageError('gatehouse resources commands list: takes no ids');
  }
  const chosen = action === 'list' ? 'all' : selection(ids, all);
  const store = await openStore(database, { readWorkers: 0 });
  try {
    if (action === 'list') return await list(store, io);
    const count =
      action === 'retry'
        ? await retryDeadLetters(store, chosen, new Date().toISOString())
        : await dropDeadLetters(store, chosen);
    io.stderr(`${action === 'retry' ? 'queued again' : 'dropped'}: ${count} dead letter(s)`);
    return count > 0 || chosen === 'all' ? exitCodes.ok : exitCodes.failure;
  } finally {
    await store.close();
  }
}
