/**
 * @module commands/report-payload
 * Reads a `store report` payload, v5 to v8 (report_format_v5..v8 of the reference), into one shape:
 * the run's fields, its metrics and logs (kept as JSON arrays) and its resource events. v8 and v6-v7
 * send `resources`, each with its events (a resource with none is left out, a skipped one becomes
 * one `skipped` event, as PuppetDB stores them); v5 sends the flat `resource_events`. Fields a
 * version lacks are null, and v5-v6 take the transaction uuid as catalog uuid, as PuppetDB does.
 * The hash is PuppetDB's report identity hash, so the same run sent twice is stored once.
 */

import { canonicalJson, sha1Hex } from '../store/canonical-json.js';
import { at, FieldReader, type JsonObject } from './fields.js';

/** One resource event of a report. JSON values are canonical JSON text (null when absent). */
export interface ReportEvent {
  readonly status: string | null;
  readonly timestamp: string;
  readonly resourceType: string;
  readonly resourceTitle: string;
  readonly property: string | null;
  readonly name: string | null;
  readonly newValue: string | null;
  readonly oldValue: string | null;
  readonly message: string | null;
  readonly file: string | null;
  readonly line: number | null;
  readonly containmentPath: string | null;
  /** The innermost class of the containment path (an element without `[`), as PuppetDB derives it. */
  readonly containingClass: string | null;
}

/** A `store report` command's report, whatever version it came in. */
export interface Report {
  readonly certname: string;
  readonly hash: string;
  readonly environment: string | null;
  readonly producerTimestamp: string;
  readonly puppetVersion: string;
  readonly reportFormat: number;
  readonly configurationVersion: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly producer: string | null;
  readonly transactionUuid: string | null;
  readonly catalogUuid: string | null;
  readonly codeId: string | null;
  readonly jobId: string | null;
  readonly cachedCatalogStatus: string | null;
  readonly status: string | null;
  readonly noop: boolean | null;
  readonly noopPending: boolean | null;
  /** `agent` or `plan`; plan reports never become a node's latest report. */
  readonly type: 'agent' | 'plan';
  /** JSON arrays of `{category, name, value}` and `{file, line, level, message, source, tags, time}`. */
  readonly metrics: string;
  readonly logs: string;
  readonly events: readonly ReportEvent[];
}

/** PuppetDB's containing class: the last path element that is a class (has no `[title]`). */
export function containingClass(path: readonly string[] | null): string | null {
  if (path === null) return null;
  for (let i = path.length - 1; i >= 0; i--) {
    const element = path[i]!;
    if (element !== '' && !element.includes('[')) return element;
  }
  return null;
}

/**
 * PuppetDB's report identity hash: SHA-1 of the sorted-key JSON of these eight fields, timestamps
 * in UTC with milliseconds (the same hash as PuppetDB 7.12.1 for the same report, checked).
 */
export function reportHash(report: Omit<Report, 'hash'>): string {
  return sha1Hex(
    canonicalJson({
      certname: report.certname,
      puppet_version: report.puppetVersion,
      report_format: report.reportFormat,
      configuration_version: report.configurationVersion,
      start_time: report.startTime,
      end_time: report.endTime,
      producer_timestamp: report.producerTimestamp,
      transaction_uuid: report.transactionUuid,
    }),
  );
}

function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : canonicalJson(value);
}

function stringList(r: FieldReader, obj: JsonObject, key: string, path: string): string[] | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  const list = r.array(obj, key, path);
  list.forEach((item, i) => {
    if (typeof item !== 'string') r.fail(at(at(path, key), i), 'must be a string');
  });
  return list as string[];
}

/** The resource-level fields an event carries (v5 has them on every event). */
interface ResourceFields {
  readonly resourceType: string;
  readonly resourceTitle: string;
  readonly file: string | null;
  readonly line: number | null;
  readonly containmentPath: string | null;
  readonly containingClass: string | null;
}

function readResourceFields(r: FieldReader, obj: JsonObject, path: string): ResourceFields {
  const containment = stringList(r, obj, 'containment_path', path);
  return {
    resourceType: r.string(obj, 'resource_type', path),
    resourceTitle: r.string(obj, 'resource_title', path),
    file: r.nullableString(obj, 'file', path),
    line: r.nullableLine(obj, 'line', path),
    containmentPath: containment === null ? null : canonicalJson(containment),
    containingClass: containingClass(containment),
  };
}

/**
 * An event's message, after checking its `corrective_change`: PuppetDB without PE checks that flag
 * and stores none (reports, events and nodes answer null), and so do we.
 */
function readMessage(r: FieldReader, obj: JsonObject, path: string): string | null {
  r.nullableBoolean(obj, 'corrective_change', path);
  return r.nullableString(obj, 'message', path);
}

function readEvent(r: FieldReader, obj: JsonObject, path: string, resource: ResourceFields): ReportEvent {
  return {
    ...resource,
    status: r.nullableString(obj, 'status', path),
    timestamp: r.timestamp(obj, 'timestamp', path),
    property: r.nullableString(obj, 'property', path),
    name: r.nullableString(obj, 'name', path),
    newValue: jsonText(obj.new_value),
    oldValue: jsonText(obj.old_value),
    message: readMessage(r, obj, path),
  };
}

/** Events of v6-v8 `resources`: each event with its resource's fields; skipped ones fabricated. */
function eventsOfResources(r: FieldReader, report: JsonObject): ReportEvent[] {
  const events: ReportEvent[] = [];
  r.array(report, 'resources', '').forEach((item, i) => {
    const path = at('resources', i);
    const resource = r.object(item, path);
    const fields = readResourceFields(r, resource, path);
    const list =
      resource.events === undefined || resource.events === null ? [] : r.array(resource, 'events', path);
    if (resource.skipped === true) {
      const timestamp = r.timestamp(resource, 'timestamp', path);
      events.push({
        ...fields,
        status: 'skipped',
        timestamp,
        property: null,
        name: null,
        newValue: null,
        oldValue: null,
        message: null,
      });
      return;
    }
    list.forEach((event, j) => {
      const eventPath = at(at(path, 'events'), j);
      events.push(readEvent(r, r.object(event, eventPath), eventPath, fields));
    });
  });
  return events;
}

/** Events of v5 `resource_events`: flat, each with its resource's fields. */
function eventsOfV5(r: FieldReader, report: JsonObject): ReportEvent[] {
  return r.array(report, 'resource_events', '').map((item, i) => {
    const path = at('resource_events', i);
    const event = r.object(item, path);
    return readEvent(r, event, path, readResourceFields(r, event, path));
  });
}

function jsonArray(r: FieldReader, report: JsonObject, key: string): string {
  const value = report[key];
  if (value === undefined || value === null) return '[]';
  const list = r.array(report, key, '');
  list.forEach((item, i) => {
    r.object(item, at(key, i));
  });
  return JSON.stringify(list);
}

function readType(r: FieldReader, report: JsonObject): 'agent' | 'plan' {
  const type = r.nullableString(report, 'type', '') ?? 'agent';
  if (type !== 'agent' && type !== 'plan') r.fail('type', 'must be "agent" or "plan"');
  return type;
}

function readReportFormat(r: FieldReader, report: JsonObject): number {
  const value = report.report_format;
  if (value === undefined) r.missing('report_format');
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    r.fail('report_format', 'must be an integer');
  return value;
}

/** Reads a `store report` payload of `version` (5-8); `now` stands in for a missing producer_timestamp. */
export function readReport(payload: unknown, version: number, now: string, certname?: string): Report {
  const r: FieldReader = new FieldReader({ command: 'store report', certname });
  const obj = r.object(payload, '');
  // The optional flags first: their type errors name them even in a payload missing the rest.
  r.nullableBoolean(obj, 'corrective_change', ''); // checked, not kept: see readMessage
  const flags = {
    status: r.nullableString(obj, 'status', ''),
    noop: r.nullableBoolean(obj, 'noop', ''),
    noopPending: r.nullableBoolean(obj, 'noop_pending', ''),
    cachedCatalogStatus: r.nullableString(obj, 'cached_catalog_status', ''),
    jobId: r.nullableString(obj, 'job_id', ''),
  };
  const transactionUuid = r.nullableString(obj, 'transaction_uuid', '');
  const report: Omit<Report, 'hash'> = {
    ...flags,
    certname: r.string(obj, 'certname', '', true),
    environment: r.nullableString(obj, 'environment', ''),
    producerTimestamp: r.optionalTimestamp(obj, 'producer_timestamp', '', now),
    puppetVersion: r.string(obj, 'puppet_version', ''),
    reportFormat: readReportFormat(r, obj),
    configurationVersion: r.string(obj, 'configuration_version', ''),
    startTime: r.timestamp(obj, 'start_time', ''),
    endTime: r.timestamp(obj, 'end_time', ''),
    producer: r.nullableString(obj, 'producer', ''),
    transactionUuid,
    catalogUuid: version >= 7 ? r.nullableString(obj, 'catalog_uuid', '') : transactionUuid,
    codeId: r.nullableString(obj, 'code_id', ''),
    type: readType(r, obj),
    metrics: jsonArray(r, obj, 'metrics'),
    logs: jsonArray(r, obj, 'logs'),
    events: version <= 5 ? eventsOfV5(r, obj) : eventsOfResources(r, obj),
  };
  return { ...report, hash: reportHash(report) };
}
