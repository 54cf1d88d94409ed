/**
 * @module commands/lifecycle-payloads
 * Reads the payloads of the commands that matter for a node's lifecycle: `deactivate node` v3,
 * `replace facts` v4-v5 and `store report` v5-v8. Of facts we keep the values (for `select_facts`
 * subqueries); of reports only the fields the `nodes` entity shows. A missing producer_timestamp
 * means "now" (the server's clock), as in the reference.
 */

import { canonicalJson, sha1Hex } from '../store/canonical-json.js';
import { FieldReader, type JsonObject } from './fields.js';

/** `deactivate node`: hide the node from now on. */
export interface Deactivation {
  readonly certname: string;
  readonly producerTimestamp: string;
}

/** `replace facts`: the node's current facts. */
export interface Factset {
  readonly certname: string;
  readonly environment: string | null;
  readonly producerTimestamp: string;
  readonly producer: string | null;
  readonly values: JsonObject;
}

/** `store report`: what the node's last run reported, as far as the node list needs it. */
export interface ReportSummary {
  readonly certname: string;
  readonly environment: string | null;
  readonly producerTimestamp: string;
  readonly status: string | null;
  readonly noop: boolean | null;
  readonly correctiveChange: boolean | null;
  readonly cachedCatalogStatus: string | null;
  readonly noopPending: boolean | null;
  readonly jobId: string | null;
  /** SHA-1 of the payload's canonical JSON: the `latest_report_hash` of the nodes entity. */
  readonly hash: string;
}

/** Reads a `deactivate node` v3 payload. */
export function readDeactivation(payload: unknown, now: string, certname?: string): Deactivation {
  const r: FieldReader = new FieldReader({ command: 'deactivate node', certname });
  const obj = r.object(payload, '');
  return {
    certname: r.string(obj, 'certname', '', true),
    producerTimestamp: r.optionalTimestamp(obj, 'producer_timestamp', '', now),
  };
}

/** Reads a `replace facts` v4/v5 payload. */
export function readFactset(payload: unknown, now: string, certname?: string): Factset {
  const r: FieldReader = new FieldReader({ command: 'replace facts', certname });
  const obj = r.object(payload, '');
  return {
    certname: r.string(obj, 'certname', '', true),
    environment: r.nullableString(obj, 'environment', ''),
    producerTimestamp: r.optionalTimestamp(obj, 'producer_timestamp', '', now),
    producer: r.nullableString(obj, 'producer', ''),
    values: r.object(obj.values ?? r.missing('values'), 'values'),
  };
}

/** Reads a `store report` v5-v8 payload (the parts the node lifecycle uses). */
export function readReport(payload: unknown, now: string, certname?: string): ReportSummary {
  const r: FieldReader = new FieldReader({ command: 'store report', certname });
  const obj = r.object(payload, '');
  return {
    certname: r.string(obj, 'certname', '', true),
    environment: r.nullableString(obj, 'environment', ''),
    producerTimestamp: r.optionalTimestamp(obj, 'producer_timestamp', '', now),
    status: r.nullableString(obj, 'status', ''),
    noop: r.nullableBoolean(obj, 'noop', ''),
    correctiveChange: r.nullableBoolean(obj, 'corrective_change', ''),
    cachedCatalogStatus: r.nullableString(obj, 'cached_catalog_status', ''),
    noopPending: r.nullableBoolean(obj, 'noop_pending', ''),
    jobId: r.nullableString(obj, 'job_id', ''),
    hash: sha1Hex(canonicalJson(obj)),
  };
}
