/**
 * @module commands/apply-report
 * Stores a `store report` command in one transaction: the report row, its resource events, and,
 * when it is the node's newest agent report (producer timestamp strictly later than the latest
 * one, PuppetDB's rule), the `latest` mark and the node's `latest_report_*` columns. A report
 * already stored (same identity hash) is left alone; like facts, a report newer than the node's
 * deactivation reactivates it.
 */

import { PG_CHUNK_ROWS } from '../store/bulk-insert.js';
import type { BulkColumns, Dialect, SqlParam, SqlRunner, Transactional } from '../store/types.js';
import {
  type ApplyOutcome,
  arrivalColumns,
  exec,
  isNewer,
  type NodeColumn,
  query,
  recordArrival,
  withActivatedNode,
} from './node-status.js';
import type { Report } from './report-payload.js';
import { storeReportPostgres } from './store-report-postgres.js';

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

/** The statement inserting the report row (`?` placeholders) and its values. */
function reportInsert(dialect: Dialect, report: Report, received: string, latest: boolean) {
  const row = reportRow(report, received, latest);
  const names = row.map(([name]) => name).join(', ');
  const json = new Set(['metrics', 'logs']);
  const values = row
    .map(([name]) => (json.has(name) && dialect === 'postgres' ? 'CAST(? AS JSONB)' : '?'))
    .join(', ');
  return { sql: `INSERT INTO reports (${names}) VALUES (${values})`, values: row.map(([, value]) => value) };
}

/** The node's columns showing `report` as its latest, besides its arrival. */
function latestReportColumns(report: Report): NodeColumn[] {
  return [
    ['latest_report_status', report.status],
    ['latest_report_noop', report.noop],
    ['latest_report_corrective_change', null],
    ['cached_catalog_status', report.cachedCatalogStatus],
    ['latest_report_noop_pending', report.noopPending],
    ['latest_report_job_id', report.jobId],
    ['latest_report_hash', report.hash],
  ];
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
  await recordArrival(
    tx,
    'report',
    report.certname,
    report.producerTimestamp,
    received,
    report.environment,
    latestReportColumns(report),
  );
}

/** Stores `report` (arrived at `received`); `unchanged` when the same report is stored already. */
export function applyReport(store: Transactional, report: Report, received: string): Promise<ApplyOutcome> {
  return withActivatedNode(store, report.certname, report.producerTimestamp, async (tx, status) => {
    const stored = status.report_producer_timestamp;
    const latest =
      report.type === 'agent' &&
      (stored === null ||
        (stored !== report.producerTimestamp && !isNewer(stored, report.producerTimestamp)));
    const events = eventRows(report, latest);
    const insert = reportInsert(tx.dialect, report, received, latest);
    if (tx.dialect === 'postgres' && events.length <= PG_CHUNK_ROWS) {
      const inserted = await storeReportPostgres(tx, {
        certname: report.certname,
        insert: insert.sql,
        values: insert.values,
        eventColumns: EVENT_COLUMNS.slice(1),
        events,
        latest: latest
          ? [
              ...arrivalColumns('report', report.producerTimestamp, received, report.environment),
              ...latestReportColumns(report),
            ]
          : undefined,
        environment: report.environment,
      });
      return inserted ? 'stored' : 'unchanged';
    }
    const known = await query(tx, 'SELECT 1 AS known FROM reports WHERE hash = ?', [report.hash]);
    if (known.length > 0) return 'unchanged';
    if (latest) await markLatest(tx, report, received);
    const [inserted] = await query<{ id: number | string }>(tx, `${insert.sql} RETURNING id`, insert.values);
    const id = Number(inserted!.id);
    if (events.length > 0)
      await tx.bulkInsert(
        'resource_events',
        EVENT_COLUMNS,
        events.map((row) => [id, ...row]),
      );
    return 'stored';
  });
}

/** The report's events as `resource_events` rows, every column after `report_id`. */
function eventRows(report: Report, latest: boolean): SqlParam[][] {
  return report.events.map((event, index): SqlParam[] => [
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
}
