/**
 * @module store/report-schema
 * Migrations 7 and 9 of the store's schema (schema.ts lists them all): the tables of stored
 * reports, and the index the latest reports' event counts read alone.
 */
import type { Migration } from './migration.js';

/**
 * Stored reports (the `reports`, `events` and event-count queries): every report a node sent, kept
 * for `reportTtlMs`, with its metrics and logs as JSON arrays and one `resource_events` row per
 * event (a skipped resource is one `skipped` event, as PuppetDB stores it). `hash` is PuppetDB's
 * report identity hash, so a report sent twice is stored once. `latest` marks each node's newest
 * agent report (by producer timestamp), and the events of that report, which `latest_report?`
 * selects through their indexes.
 * An event keeps its report's `environment` (the filter of every puppetboard page) and `latest`
 * mark, so the commonest event queries need no join to the reports.
 * An event's `new_value`, `old_value` and `containment_path` are canonical JSON text (TEXT on both
 * engines: queries compare them as text, see query/entities/reports.ts); `certname` is copied from
 * the report so counts by node need no join.
 */
export const storedReports: Migration = {
  version: 7,
  name: 'stored reports with their resource events, metrics and logs',
  sql: [
    `CREATE TABLE reports (
      id {ID},
      hash TEXT NOT NULL UNIQUE,
      certname TEXT NOT NULL,
      puppet_version TEXT NOT NULL,
      report_format INTEGER NOT NULL,
      configuration_version TEXT NOT NULL,
      start_time {TS} NOT NULL,
      end_time {TS} NOT NULL,
      producer_timestamp {TS} NOT NULL,
      receive_time {TS} NOT NULL,
      producer TEXT NULL,
      transaction_uuid TEXT NULL,
      catalog_uuid TEXT NULL,
      code_id TEXT NULL,
      job_id TEXT NULL,
      cached_catalog_status TEXT NULL,
      environment TEXT NULL,
      status TEXT NULL,
      noop {BOOL} NULL,
      noop_pending {BOOL} NULL,
      corrective_change {BOOL} NULL,
      type TEXT NOT NULL,
      latest {BOOL} NOT NULL,
      metrics {JSON} NOT NULL,
      logs {JSON} NOT NULL
    )`,
    'CREATE INDEX reports_certname_idx ON reports (certname, producer_timestamp)',
    'CREATE INDEX reports_producer_timestamp_idx ON reports (producer_timestamp)',
    'CREATE INDEX reports_end_time_idx ON reports (end_time)',
    // Not partial: SQLite uses a partial index only for a literal `latest = 1`, never a bound one.
    'CREATE INDEX reports_latest_idx ON reports (latest, certname)',
    `CREATE TABLE resource_events (
      report_id BIGINT NOT NULL,
      event_index INTEGER NOT NULL,
      certname TEXT NOT NULL,
      status TEXT NULL,
      timestamp {TS} NOT NULL,
      resource_type TEXT NOT NULL,
      resource_title TEXT NOT NULL,
      property TEXT NULL,
      name TEXT NULL,
      new_value TEXT NULL,
      old_value TEXT NULL,
      message TEXT NULL,
      file TEXT NULL,
      line INTEGER NULL,
      containment_path TEXT NULL,
      containing_class TEXT NULL,
      corrective_change {BOOL} NULL,
      latest {BOOL} NOT NULL,
      environment TEXT NULL,
      PRIMARY KEY (report_id, event_index)
    ){CLUSTERED}`,
    // Covering the counts by resource (status included) and the few failures of a fleet.
    'CREATE INDEX resource_events_resource_idx ON resource_events (resource_type, resource_title, status)',
    // The same within an environment (puppetboard's pages), read in group order without the rows.
    'CREATE INDEX resource_events_environment_idx ON resource_events (environment, resource_type, resource_title, status)',
    'CREATE INDEX resource_events_certname_idx ON resource_events (certname, timestamp)',
    'CREATE INDEX resource_events_status_idx ON resource_events (status, report_id)',
    // `latest_report?` on events reads these rows alone: PostgreSQL otherwise scanned every event to
    // join it to the few latest reports.
    'CREATE INDEX resource_events_latest_idx ON resource_events (latest, certname)',
  ],
};

/**
 * The event counts of the latest reports (puppetboard's overview: `latest_report?` summarized by
 * node, or by class in the aggregate, within an environment or not) read this index alone, every
 * counted column in it: on PostgreSQL an index-only scan instead of a heap visit per event (4,400
 * events of 200 nodes: 6-15 ms to 2-4), on SQLite no row lookup per event (7 to 2.7 ms).
 */
export const latestEventCounts: Migration = {
  version: 9,
  name: 'covering index for the event counts of the latest reports',
  sql: [
    'CREATE INDEX resource_events_latest_counts_idx ON resource_events (latest, environment, certname, status, containing_class)',
  ],
};
