/**
 * @module commands/lifecycle-payloads
 * Reads the payloads of the commands that matter for a node's lifecycle: `deactivate node` v3 and
 * `replace facts` v4-v5 (reports: report-payload.ts). Of facts we keep the values (for
 * `select_facts` subqueries). A missing producer_timestamp means "now" (the server's clock), as in
 * the reference.
 */

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
