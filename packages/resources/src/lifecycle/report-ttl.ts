/**
 * @module lifecycle/report-ttl
 * Report retention, PuppetDB's `report-ttl` (default 14 days): reports whose producer timestamp
 * is older than the TTL are deleted with their events. A node whose latest report goes keeps its
 * `report_timestamp` but no longer shows that report's fields (PuppetDB's `latest_report_*`
 * become null the same way, its reference to the report being cleared on delete).
 */

import { exec } from '../commands/node-status.js';
import type { ResourceStore } from '../store/types.js';

/** Deletes the reports produced before now − `reportTtlMs` (0 = keep all); returns how many. */
export async function deleteOldReports(
  store: ResourceStore,
  reportTtlMs: number,
  now: Date,
): Promise<number> {
  if (!Number.isFinite(reportTtlMs) || reportTtlMs < 0) {
    throw new TypeError('@gatehouse/resources: `reportTtlMs` must be a non-negative number of milliseconds');
  }
  if (reportTtlMs === 0) return 0;
  const before = new Date(now.getTime() - reportTtlMs).toISOString();
  const old = 'SELECT id FROM reports WHERE producer_timestamp < ?';
  return store.transaction(async (tx) => {
    await exec(tx, `DELETE FROM resource_events WHERE report_id IN (${old})`, [before]);
    await exec(
      tx,
      `UPDATE certnames SET latest_report_hash = NULL, latest_report_status = NULL, latest_report_noop = NULL,
         latest_report_noop_pending = NULL, latest_report_job_id = NULL, latest_report_corrective_change = NULL,
         cached_catalog_status = NULL
       WHERE latest_report_hash IN (SELECT hash FROM reports WHERE producer_timestamp < ?)`,
      [before],
    );
    return exec(tx, 'DELETE FROM reports WHERE producer_timestamp < ?', [before]);
  });
}
