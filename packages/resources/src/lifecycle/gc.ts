/**
 * @module lifecycle/gc
 * Node expiry and purge (reference §5.1), and report retention. A node whose newest catalog, facts
 * and report are all older than `nodeTtl` is marked expired (hidden like a deactivated node); a
 * node deactivated or expired longer ago than `purgeTtl` is deleted with all its data; reports
 * older than `reportTtl` are deleted (report-ttl.ts). A TTL of 0 turns that step off.
 * `startGc` runs both every `interval` on an unref'd timer, so it never keeps the process alive.
 */

import { exec, query } from '../commands/node-status.js';
import { dropUnusedResourceParams } from '../commands/resource-params.js';
import { deleteResourceTags, dropUnusedTagNames } from '../commands/resource-tags.js';
import { dropUnusedTitles } from '../commands/resource-titles.js';
import { type Logger, silentLogger } from '../logger.js';
import { defaults } from '../options.js';
import { NODE_TABLES } from '../store/schema.js';
import type { ResourceStore } from '../store/types.js';
import { deleteOldReports } from './report-ttl.js';

/** TTLs and clock of the collector; durations in milliseconds. */
export interface GcOptions {
  /** Expire nodes with no new data for this long (default 7 days; 0 = never). */
  readonly nodeTtlMs?: number;
  /** Delete nodes inactive for this long (default 14 days; 0 = never). */
  readonly purgeTtlMs?: number;
  /** Delete reports produced longer ago than this (default 14 days; 0 = never). */
  readonly reportTtlMs?: number;
  /** Most nodes purged per run (default 25, as the reference's batch). */
  readonly purgeBatch?: number;
  readonly now?: () => Date;
  readonly logger?: Logger;
}

/** What one collection did. */
export interface GcResult {
  readonly expired: number;
  readonly purged: number;
  /** Reports deleted by the report TTL. */
  readonly reports: number;
}

function cutoff(now: Date, ttlMs: number): string {
  return new Date(now.getTime() - ttlMs).toISOString();
}

function checkTtl(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new TypeError(`@gatehouse/resources: \`${name}\` must be a non-negative number of milliseconds`);
  }
  return value;
}

/** Marks stale active nodes expired; returns how many. */
export async function expireNodes(store: ResourceStore, nodeTtlMs: number, now: Date): Promise<number> {
  if (checkTtl('nodeTtlMs', nodeTtlMs) === 0) return 0;
  const before = cutoff(now, nodeTtlMs);
  const stale = (column: string) => `(${column} IS NULL OR ${column} < ?)`;
  return store.transaction((tx) =>
    exec(
      tx,
      `UPDATE certnames SET expired = ?
       WHERE deactivated IS NULL AND expired IS NULL
         AND ${stale('catalog_producer_timestamp')} AND ${stale('facts_producer_timestamp')}
         AND ${stale('report_producer_timestamp')}`,
      [now.toISOString(), before, before, before],
    ),
  );
}

/** Deletes up to `batch` nodes inactive since before now − purgeTtl; returns how many. */
export async function purgeNodes(
  store: ResourceStore,
  purgeTtlMs: number,
  now: Date,
  batch: number = defaults.purgeBatch,
): Promise<number> {
  if (checkTtl('purgeTtlMs', purgeTtlMs) === 0) return 0;
  const before = cutoff(now, purgeTtlMs);
  const due = 'deactivated < ? OR expired < ?';
  const candidates = await query<{ certname: string }>(
    store,
    `SELECT certname FROM certnames WHERE ${due} ORDER BY certname LIMIT ${Math.max(1, Math.floor(batch))}`,
    [before, before],
  );
  let purged = 0;
  for (const { certname } of candidates) {
    const deleted = await store.transaction(async (tx) => {
      // Check again under the lock: a command may have reactivated the node meanwhile.
      const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
      const still = await query(tx, `SELECT 1 AS due FROM certnames WHERE certname = ? AND (${due})${lock}`, [
        certname,
        before,
        before,
      ]);
      if (still.length === 0) return false;
      await deleteResourceTags(tx, certname);
      for (const table of NODE_TABLES) await exec(tx, `DELETE FROM ${table} WHERE certname = ?`, [certname]);
      return true;
    });
    if (deleted) purged++;
  }
  return purged;
}

/**
 * Deletes the fact paths no node's facts hold any more (PuppetDB's garbage collection does the
 * same): `fact_paths` only grows as facts arrive, so `/fact-paths` would otherwise keep paths of
 * facts long gone. Returns how many.
 */
export function dropUnusedFactPaths(store: ResourceStore): Promise<number> {
  return exec(
    store,
    `DELETE FROM fact_paths WHERE NOT EXISTS (SELECT 1 FROM fact_contents c
       WHERE c.path = fact_paths.path AND c.value_type = fact_paths.value_type)`,
  );
}

/** One collection: expire, purge, drop unused fact paths, parameter rows, tag names and titles. */
export async function collectGarbage(store: ResourceStore, options: GcOptions = {}): Promise<GcResult> {
  const now = (options.now ?? (() => new Date()))();
  const expired = await expireNodes(store, options.nodeTtlMs ?? defaults.nodeTtlMs, now);
  const purged = await purgeNodes(store, options.purgeTtlMs ?? defaults.purgeTtlMs, now, options.purgeBatch);
  const reports = await deleteOldReports(store, options.reportTtlMs ?? defaults.reportTtlMs, now);
  await dropUnusedFactPaths(store);
  await dropUnusedResourceParams(store);
  await dropUnusedTagNames(store);
  await dropUnusedTitles(store);
  if (expired > 0 || purged > 0 || reports > 0) {
    (options.logger ?? silentLogger).logf(
      '[INFO] resources gc: %d node(s) expired, %d purged, %d report(s) past the report TTL deleted',
      expired,
      purged,
      reports,
    );
  }
  return { expired, purged, reports };
}

/** A running collector. */
export interface GcTimer {
  /** Runs one collection now (the timer keeps its schedule). */
  runOnce(): Promise<GcResult>;
  /** Stops the timer and waits for a running collection. */
  stop(): Promise<void>;
}

/** Options of `startGc`. */
export interface GcTimerOptions extends GcOptions {
  /** How often to collect (default one hour; 0 = never). */
  readonly intervalMs?: number;
  /**
   * Runs one collection (default: `collectGarbage` on the store, in this thread). The plugin
   * passes the SQLite command thread's, so the deletes never hold the event loop.
   */
  readonly collect?: () => Promise<GcResult>;
}

/** Starts collecting every `intervalMs` (default one hour); the timer does not hold the process open. */
export function startGc(store: ResourceStore, options: GcTimerOptions = {}): GcTimer {
  const intervalMs = checkTtl('intervalMs', options.intervalMs ?? defaults.gcIntervalMs);
  const logger = options.logger ?? silentLogger;
  let running: Promise<GcResult> | undefined;
  const runOnce = () => {
    running ??= (options.collect ? options.collect() : collectGarbage(store, options)).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          runOnce().catch((error) => logger.logf('[WARN] resources gc failed: %s', error));
        }, intervalMs)
      : undefined;
  timer?.unref();
  return {
    runOnce,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
