/**
 * @module commands/avatars
 * `gatehouse avatars migrate FROM TO`: copies every avatar from one store to another (any of
 * `file:///…`, `/…`, `bolt://…`, `mongodb://…`), with a progress bar on a terminal and a summary.
 * Safe to re-run: avatars already in TO with the same content are skipped. Nothing is removed.
 */
import { type AvatarStore, describeAvatarStoreURI, migrateAvatars, openAvatarStore } from '@gatehouse/auth';
import { Presets, SingleBar } from 'cli-progress';
import { storeURIFromArg } from '../areas/avatars/area.js';
import { type Command, type CommandIO, exitCodes, parseFlags, UsageError } from '../cli/command.js';

const usage = `Usage: gatehouse avatars migrate FROM TO

Copies every avatar from store FROM to store TO and prints a summary (copied, skipped, failed).
Avatars TO already holds with the same content are skipped, so the command can be re-run after an
interruption. Nothing is removed from either store. Exit code 1 when any avatar failed, 2 when
FROM does not exist (a directory or bolt file must already be there; nothing is created).

Stores:
  file:///path/to/dir, /path/to/dir, ./dir    a directory of files
  bolt:///path/to/avatars.db, bolt://rel.db   an LMDB file (the service's default)
  mongodb://host:27017/db?ava_db=db&ava_coll=avatars

Example:
  gatehouse avatars migrate bolt://.data/gatehouse/avatars.db 'mongodb://127.0.0.1:27017/gatehouse'`;

/** The source must already exist (a mistyped path must not become an empty new store); the target is created. */
async function openStore(role: 'source' | 'target', arg: string, cwd: string): Promise<AvatarStore> {
  try {
    return await openAvatarStore(storeURIFromArg(arg, cwd), { mustExist: role === 'source' });
  } catch (error) {
    const message = (error as Error).message.replace(/^@gatehouse\/auth: /, '');
    const reason = error instanceof TypeError ? UsageError : Error;
    throw new reason(`gatehouse avatars: ${role} store ${describeAvatarStoreURI(arg)}: ${message}`);
  }
}

async function countAvatars(store: AvatarStore): Promise<number> {
  let count = 0;
  for await (const _ of store.list()) count++;
  return count;
}

/** A progress bar on a terminal; nothing when stderr is a pipe or file (logs stay clean). */
function progressBar(total: number): { tick(done: number): void; stop(): void } {
  if (!process.stderr.isTTY) return { tick() {}, stop() {} };
  const bar = new SingleBar(
    { stream: process.stderr, format: 'avatars [{bar}] {value}/{total} {percentage}% eta {eta}s' },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: (done) => bar.update(done), stop: () => bar.stop() };
}

async function migrate(fromArg: string, toArg: string, io: CommandIO): Promise<number> {
  const from = await openStore('source', fromArg, io.cwd);
  let to: AvatarStore | undefined;
  try {
    to = await openStore('target', toArg, io.cwd);
    const total = await countAvatars(from);
    const bar = progressBar(total);
    const summary = await migrateAvatars(from, to, { onProgress: ({ done }) => bar.tick(done) });
    bar.stop();
    for (const { avatarId, error } of summary.failures) io.stderr(`failed ${avatarId}: ${error.message}`);
    io.stdout(
      `copied ${summary.copied}, skipped ${summary.skipped} (already there), failed ${summary.failed}`,
    );
    return summary.failed > 0 ? exitCodes.failure : exitCodes.ok;
  } finally {
    await Promise.allSettled([from.close(), to?.close()]);
  }
}

export const avatarsCommand: Command = {
  name: 'avatars',
  summary: 'copy avatars between stores (migrate FROM TO)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags('avatars', args, { help: { type: 'boolean', short: 'h' } }, 3);
    if (values.help) {
      io.stdout(usage);
      return exitCodes.ok;
    }
    const [action, fromArg, toArg] = positionals;
    if (action !== 'migrate' || !fromArg || !toArg) {
      throw new UsageError('gatehouse avatars: expected "migrate FROM TO" (see: gatehouse avatars --help)');
    }
    return migrate(fromArg, toArg, io);
  },
};
