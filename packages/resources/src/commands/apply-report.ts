/**
 * @module commands/apply-report
 * Stores a `store report` command in one transaction: the report row, its resource events, and,
 * when it is the node's newest agent report (producer timestamp strictly later than the latest
 * one, PuppetDB's rule), the `latest` mark and the node's `latest_report_*` columns. A report
 * already stored (same identity hash) is left alone; like facts, a report newer than the node's
 * deactivation reactivates it.
 */

import type { BulkColumns, SqlParam, SqlRunner, Transactional } from '../store/types.js';
import { type ApplyOutcome, exec, isNewer, query, recordArrival, withActivatedNode } from './node-status.js';
import type { Report } from './report-payload.js';

const EVENT_COLUMNS: BulkColumns = [
  ['report_id', 'int'],
  ['event_index', 'int'],
  ['certname', 'text'],
  ['status', 'text'],
  ['timestamp', 'ts'],
  ['resource_type', 'text'],
  ['resource_title', 'text'],
  ['property', 'text'],
  ['name', 'text'],
  ['new_value', 'text'],
  ['old_value', 'text'],
  ['message', 'text'],
  ['file', 'text'],
  ['line', 'int'],
  ['containment_path', 'text'],
  ['containing_class', 'text'],
  ['corrective_change', 'bool'],
  ['latest', 'bool'],
  ['environment', 'text'],
];

/** The report row's columns and their values, in one list so they cannot drift apart. */
function reportRow(report: Report, received: string, latest: boolean): [string, SqlParam][] {
  return [
    ['hash', report.hash],
    ['certname', report.certname],
    ['puppet_version', report.puppetVersion],
    ['report_format', report.reportFormat],
    ['configuration_version', report.configurationVersion],
    ['start_time', report.startTime],
    ['end_time', report.endTime],
    ['producer_timestamp', report.producerTimestamp],
    ['receive_time', received],
    ['producer', report.producer],
    ['transaction_uuid', report.transactionUuid],
    ['catalog_uuid', report.catalogUuid],
    ['code_id', report.codeId],
    ['job_id', report.jobId],
    ['cached_catalog_status', report.cachedCatalogStatus],
    ['environment', report.environment],
    ['status', report.status],
    ['noop', report.noop],
    ['noop_pending', report.noopPending],
    // PuppetDB without PE keeps no corrective_change (report-payload.ts).
    ['corrective_change', null],
    ['type', report.type],
    ['latest', latest],
    ['metrics', report.metrics],
    ['logs', report.logs],
  ];
}

async function insertReport(tx: SqlRunner, report: Report, received: string, latest: boolean) {
  const row = reportRow(report, received, latest);
  const names = row.map(([name]) => name).join(', ');
  const json = new Set(['metrics', 'logs']);
  const values = row
    .map(([name]) => (json.has(name) && tx.dialect === 'postgres' ? 'CAST(? AS JSONB)' : '?'))
    .join(', ');
  const [inserted] = await query<{ id: number | string }>(
    tx,
    `INSERT INTO reports (${names}) VALUES (${values}) RETURNING id`,
    row.map(([, value]) => value),
  );
  return Number(inserted!.id);
}

/** Makes `report` the node's latest: the flag moves to it (and its events) and the node shows its fields. */
async function markLatest(tx: SqlRunner, report: Report, received: string) {
  for (const table of ['reports', 'resource_events']) {
    await exec(tx, `UPDATE ${table} SET latest = ? WHERE latest = ? AND certname = ?`, [
      false,
      true,
      report.certname,
    ]);
  }
  await recordArrival(tx, 'report', report.certname, report.producerTimestamp, received, report.environment, [
    ['latest_report_status', report.status],
    ['latest_report_noop', report.noop],
    ['latest_report_corrective_change', null],
    ['cached_catalog_status', report.cachedCatalogStatus],
    ['latest_report_noop_pending', report.noopPending],
    ['latest_report_job_id', report.jobId],
    ['latest_report_hash', report.hash],
  ]);
}

/** Stores `report` (arrived at `received`); `unchanged` when the same report is stored already. */
export function applyReport(store: Transactional, report: Report, received: string): Promise<ApplyOutcome> {
  return withActivatedNode(store, report.certname, report.producerTimestamp, async (tx, status) => {
    const known = await query(tx, 'SELECT 1 AS known FROM reports WHERE hash = ?', [report.hash]);
    if (known.length > 0) return 'unchanged';
    const stored = status.report_producer_timestamp;
    const latest =
      report.type === 'agent' &&
      (stored === null ||
        (stored !== report.producerTimestamp && !isNewer(stored, report.producerTimestamp)));
    if (latest) await markLatest(tx, report, received);
    const id = await insertReport(tx, report, received, latest);
    const rows = report.events.map((event, index): SqlParam[] => [
      id,
      index,
      report.certname,
      event.status,
      event.timestamp,
      event.resourceType,
      event.resourceTitle,
      event.property,
      event.name,
      event.newValue,
      event.oldValue,
      event.message,
      event.file,
      event.line,
      event.containmentPath,
      event.containingClass,
      null,
      latest,
      report.environment,
    ]);
    if (rows.length > 0) await tx.bulkInsert('resource_events', EVENT_COLUMNS, rows);
    return 'stored';
  });
}
