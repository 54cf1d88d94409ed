/**
 * @module avatar/migrate
 * Copies every avatar from one store to another, by avatar id. An avatar whose fingerprint is
 * already the same in the target is skipped, so an interrupted migration can simply be run again;
 * one avatar failing is counted and reported, and the rest still move.
 */
import type { AvatarStore } from './types.js';

export interface MigrationProgress {
  /** Avatars handled so far (copied, skipped or failed). */
  done: number;
  avatarId: string;
  outcome: 'copied' | 'skipped' | 'failed';
  /** Set when `outcome` is `failed`. */
  error?: Error;
}

export interface MigrationSummary {
  copied: number;
  /** Already in the target with the same fingerprint. */
  skipped: number;
  failed: number;
  /** The ids that failed, with the reason, for the report. */
  failures: { avatarId: string; error: Error }[];
}

export interface MigrateOptions {
  onProgress?: (progress: MigrationProgress) => void;
}

async function copyOne(from: AvatarStore, to: AvatarStore, avatarId: string): Promise<'copied' | 'skipped'> {
  const [source, target] = await Promise.all([from.fingerprint(avatarId), to.fingerprint(avatarId)]);
  if (source !== undefined && source === target) return 'skipped';
  const data = await from.get(avatarId);
  if (data === undefined) throw new Error('vanished from the source during the migration');
  const written = await to.put(avatarId, data);
  if (written !== avatarId) throw new Error(`the target stored it as ${written}`);
  return 'copied';
}

/** Copies all avatars of `from` into `to`; never removes anything from either. */
export async function migrateAvatars(
  from: AvatarStore,
  to: AvatarStore,
  options: MigrateOptions = {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: 0, failures: [] };
  let done = 0;
  for await (const avatarId of from.list()) {
    let outcome: MigrationProgress['outcome'];
    let error: Error | undefined;
    try {
      outcome = await copyOne(from, to, avatarId);
    } catch (err) {
      outcome = 'failed';
      error = err instanceof Error ? err : new Error(String(err));
      summary.failures.push({ avatarId, error });
    }
    summary[outcome]++;
    done++;
    options.onProgress?.({ done, avatarId, outcome, ...(error ? { error } : {}) });
  }
  return summary;
}
