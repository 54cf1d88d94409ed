/**
 * @module commands/store-report-postgres
 * A report on PostgreSQL in one statement, one round trip instead of seven (a waited
 * `store report` is answered only after them): data-modifying WITH clauses insert the report
 * unless its hash is stored already, then, only for a report inserted, its events and, when it is
 * the node's newest, the `latest` mark moved to it and the node's report columns set. Every clause
 * after the insert joins its RETURNING row, so a report stored before changes nothing. The clauses
 * see the rows as they were before the statement, so moving the mark never touches the new report
 * or its events. Same end state as the statement-by-statement store SQLite runs (apply-report.ts).
 */

import { pgJsonRows, pgRowValues } from '../store/bulk-insert.js';
import { forDialect } from '../store/placeholders.js';
import type { BulkColumns, SqlParam, SqlRunner } from '../store/types.js';
import type { NodeColumn } from './node-status.js';

/** What one report is stored as. */
export interface ReportRows {
  readonly certname: string;
  /** `INSERT INTO reports (...) VALUES (...)` with `?` placeholders, and its values. */
  readonly insert: string;
  readonly values: readonly SqlParam[];
  /** The `resource_events` columns after `report_id`, and one row per event in that order. */
  readonly eventColumns: BulkColumns;
  readonly events: readonly (readonly SqlParam[])[];
  /** The node's columns to set when the report is its newest; undefined when it is not. */
  readonly latest: readonly NodeColumn[] | undefined;
  readonly environment: string | null;
}

/** Stores `rows` (the node locked by the caller); false when the same report was stored before. */
export async function storeReportPostgres(tx: SqlRunner, rows: ReportRows): Promise<boolean> {
  // The insert's own placeholders come first, as $1...; every later value is numbered after them.
  const insert = forDialect('postgres', rows.insert);
  const params: SqlParam[] = [...rows.values];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const names = rows.eventColumns.map(([name]) => name);
  const events = param(pgJsonRows(rows.events));
  const clauses = [
    `stored AS (${insert} ON CONFLICT (hash) DO NOTHING RETURNING id)`,
    `events AS (
       INSERT INTO resource_events (report_id, ${names.join(', ')})
       SELECT stored.id, ${pgRowValues(rows.eventColumns, 'u')}
       FROM stored, jsonb_array_elements(${events}::jsonb) AS u)`,
  ];
  if (rows.latest) {
    const certname = param(rows.certname);
    const sets = rows.latest.map(([name, value]) => `${name} = ${param(value)}`).join(', ');
    const environment = param(rows.environment);
    clauses.push(
      `old_reports AS (UPDATE reports r SET latest = false FROM stored WHERE r.latest AND r.certname = ${certname})`,
      `old_events AS (
         UPDATE resource_events e SET latest = false FROM stored WHERE e.latest AND e.certname = ${certname})`,
      `node AS (UPDATE certnames SET ${sets} FROM stored WHERE certname = ${certname})`,
      `environment AS (
         INSERT INTO environments (name) SELECT ${environment}::text FROM stored
         WHERE ${environment}::text IS NOT NULL ON CONFLICT (name) DO NOTHING)`,
    );
  }
  const [result] = await tx.all(
    `WITH ${clauses.join(',\n')}\nSELECT count(*)::integer AS stored FROM stored`,
    params,
  );
  return result?.stored === 1;
}
