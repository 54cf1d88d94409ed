/**
 * `reports` (table `reports`, every stored report) and `events` (one row per resource event,
 * with its report's run fields). Neither hides deactivated nodes' rows, as in PuppetDB; `reports`
 * answers agent reports only unless the query names `type` (validate.ts). `latest_report?` is the
 * `latest` mark of the node's newest agent report: queryable, never answered.
 *
 * Every event has its report; the join is a LEFT JOIN only so that both databases drop it when a
 * query reads no report field (counts by resource or node read the events alone).
 *
 * An event's `new_value`/`old_value` hold canonical JSON text, compared as PuppetDB compares them
 * (the query's value serialised the same way); `containment_path` is a JSON list whose `=` means
 * "has this element" (`jsonText` in entity-spec.ts).
 * @module
 */
import { column, type EntitySpec, type FieldSpec, output } from './entity-spec.js';

const certname = column('string', 'certname', { values: ['certnames', 'certname'], list: true });
const environment = column('string', 'environment', { values: ['environments', 'name'], list: true });
/** `latest_report?`: may be queried (`=` true/false), never extracted or ordered by. */
const latestReport: FieldSpec = { type: 'boolean', column: 'latest', projectable: false };

export const REPORTS: EntitySpec = {
  source: 'reports',
  rowid: true,
  alias: 'rp',
  fields: {
    cached_catalog_status: column('string', 'cached_catalog_status'),
    catalog_uuid: column('string', 'catalog_uuid'),
    certname,
    code_id: column('string', 'code_id'),
    configuration_version: column('string', 'configuration_version'),
    corrective_change: column('boolean', 'corrective_change'),
    end_time: column('timestamp', 'end_time'),
    environment,
    hash: column('string', 'hash'),
    job_id: column('string', 'job_id'),
    'latest_report?': latestReport,
    noop: column('boolean', 'noop'),
    noop_pending: column('boolean', 'noop_pending'),
    producer: column('string', 'producer'),
    producer_timestamp: column('timestamp', 'producer_timestamp'),
    puppet_version: column('string', 'puppet_version'),
    receive_time: column('timestamp', 'receive_time'),
    report_format: column('number', 'report_format'),
    start_time: column('timestamp', 'start_time'),
    status: column('string', 'status'),
    transaction_uuid: column('string', 'transaction_uuid'),
    type: column('string', 'type'),
  },
  // PuppetDB 7.12.1's keys, in its order (checked against the real server).
  output: [
    output('catalog_uuid', 'string'),
    output('receive_time', 'timestamp'),
    output('producer', 'string'),
    output('hash', 'string'),
    output('transaction_uuid', 'string'),
    output('puppet_version', 'string'),
    output('noop', 'boolean'),
    output('corrective_change', 'boolean'),
    output('logs', 'report-logs', 'logs'),
    output('report_format', 'number'),
    output('start_time', 'timestamp'),
    output('producer_timestamp', 'timestamp'),
    output('type', 'string'),
    output('cached_catalog_status', 'string'),
    output('end_time', 'timestamp'),
    output('resource_events', 'report-events', 'id'),
    output('status', 'string'),
    output('configuration_version', 'string'),
    output('environment', 'string'),
    output('code_id', 'string'),
    output('noop_pending', 'boolean'),
    output('certname', 'string'),
    output('metrics', 'report-metrics', 'metrics'),
    output('job_id', 'string'),
  ],
  nodeState: false,
  defaultAgentReports: true,
};

/** The events' own table, and the event fields read from their report (the join of EVENTS' rows). */
export const EVENT_ROWS = 'resource_events';
export const EVENT_REPORT_FIELDS: ReadonlySet<string> = new Set([
  'report',
  'configuration_version',
  'run_start_time',
  'run_end_time',
  'report_receive_time',
]);

export const EVENTS: EntitySpec = {
  source:
    '(SELECT ev.certname, ev.status, ev.timestamp, ev.resource_type, ev.resource_title, ev.property, ev.name, ' +
    'ev.new_value, ev.old_value, ev.message, ev.file, ev.line, ev.containment_path, ev.containing_class, ' +
    'ev.corrective_change, er.hash AS report, er.configuration_version, er.start_time AS run_start_time, ' +
    'er.end_time AS run_end_time, er.receive_time AS report_receive_time, ev.environment, ev.latest ' +
    'FROM resource_events ev LEFT JOIN reports er ON er.id = ev.report_id)',
  alias: 'ev',
  fields: {
    certname,
    configuration_version: column('string', 'configuration_version'),
    containing_class: column('string', 'containing_class'),
    containment_path: { ...column('string', 'containment_path'), jsonText: 'list' },
    corrective_change: column('boolean', 'corrective_change'),
    environment,
    file: column('string', 'file'),
    'latest_report?': latestReport,
    line: column('number', 'line'),
    message: column('string', 'message'),
    name: column('string', 'name'),
    new_value: { ...column('string', 'new_value'), jsonText: 'value' },
    old_value: { ...column('string', 'old_value'), jsonText: 'value' },
    property: column('string', 'property'),
    report: column('string', 'report'),
    report_receive_time: column('timestamp', 'report_receive_time'),
    resource_title: column('string', 'resource_title'),
    resource_type: column('string', 'resource_type'),
    run_end_time: column('timestamp', 'run_end_time'),
    run_start_time: column('timestamp', 'run_start_time'),
    status: column('string', 'status'),
    timestamp: column('timestamp', 'timestamp'),
  },
  // PuppetDB 7.12.1's keys, in its order (checked against the real server).
  output: [
    output('new_value', 'json-text'),
    output('report', 'string'),
    output('corrective_change', 'boolean'),
    output('run_start_time', 'timestamp'),
    output('property', 'string'),
    output('name', 'string'),
    output('file', 'string'),
    output('old_value', 'json-text'),
    output('containing_class', 'string'),
    output('line', 'number'),
    output('resource_type', 'string'),
    output('status', 'string'),
    output('configuration_version', 'string'),
    output('resource_title', 'string'),
    output('environment', 'string'),
    output('timestamp', 'timestamp'),
    output('run_end_time', 'timestamp'),
    output('report_receive_time', 'timestamp'),
    output('containment_path', 'json-text'),
    output('certname', 'string'),
    output('message', 'string'),
  ],
  nodeState: false,
};
