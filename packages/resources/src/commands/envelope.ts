/**
 * @module commands/envelope
 * Turns one `POST /cmd/v1` request into a checked command. Two forms exist (reference §6.1):
 * URL parameters `command`, `version`, `certname` (+ `producer-timestamp`, `checksum`,
 * `secondsToWaitForCompletion`) with the payload as the body — what the Puppet terminus sends —
 * and the older body `{"command", "version", "payload"}` that pypuppetdb and scripts use.
 */

import { type Catalog, readCatalog } from './catalog-payload.js';
import { CommandError, invalidCommand } from './errors.js';
import { FieldReader } from './fields.js';
import { type Deactivation, type Factset, readDeactivation, readFactset } from './lifecycle-payloads.js';
import { type Report, readReport } from './report-payload.js';

/** A command that passed validation and can be queued. */
export type Command =
  | { readonly kind: 'replace catalog'; readonly version: number; readonly catalog: Catalog }
  | { readonly kind: 'deactivate node'; readonly version: number; readonly deactivation: Deactivation }
  | { readonly kind: 'replace facts'; readonly version: number; readonly factset: Factset }
  | { readonly kind: 'store report'; readonly version: number; readonly report: Report };

/** The names of the commands we apply. */
export type CommandName = Command['kind'];

/** Versions accepted over HTTP per command (the reference's HTTP minimum up to its current). */
export const SUPPORTED_VERSIONS: Readonly<Record<CommandName, readonly [min: number, max: number]>> = {
  'replace catalog': [6, 9],
  'replace facts': [4, 5],
  'store report': [5, 8],
  'deactivate node': [3, 3],
};

/** PuppetDB commands that exist but that a resources service has no use for. */
const KNOWN_UNAPPLIED = ['configure expiration', 'replace catalog inputs'];

const URL_PARAMETERS = [
  'command',
  'version',
  'certname',
  'producer-timestamp',
  'checksum',
  'secondsToWaitForCompletion',
];

/** What the route hands over: parsed URL parameters and the parsed JSON body. */
export interface CommandRequest {
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  /** Server time, canonical ISO, for payloads without a producer_timestamp. */
  readonly now: string;
}

/** The certname and producer timestamp every command carries: the keys of ordering. */
export function commandKey(command: Command): { certname: string; producerTimestamp: string } {
  switch (command.kind) {
    case 'replace catalog':
      return command.catalog;
    case 'deactivate node':
      return command.deactivation;
    case 'replace facts':
      return command.factset;
    case 'store report':
      return command.report;
  }
}

function single(query: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    throw new CommandError('ERR_CMD_INVALID_FIELD', `URL parameter '${name}' may be given only once`, name);
  }
  return value === undefined ? undefined : String(value);
}

/** Validates a request into a command, or throws a `CommandError`. */
export function readCommand(request: CommandRequest): Command {
  const { query } = request;
  for (const name of Object.keys(query)) {
    if (!URL_PARAMETERS.includes(name)) {
      throw new CommandError('ERR_CMD_UNKNOWN_PARAMETER', `Unsupported query parameter '${name}'`, name);
    }
  }
  const urlCommand = single(query, 'command');
  if (urlCommand !== undefined) {
    const certname = single(query, 'certname');
    const version = single(query, 'version');
    const context = { command: urlCommand.replaceAll('_', ' '), certname };
    if (certname === undefined || certname === '') {
      throw invalidCommand(
        context,
        'ERR_CMD_MISSING_FIELD',
        'certname must be a non-empty string',
        'certname',
      );
    }
    if (version === undefined)
      throw invalidCommand(context, 'ERR_CMD_MISSING_FIELD', 'version is required', 'version');
    const stamp = single(query, 'producer-timestamp');
    if (stamp !== undefined) new FieldReader(context).parseTimestamp(stamp, 'producer-timestamp');
    return readPayload(urlCommand, version, request.body, request.now, certname);
  }
  const r: FieldReader = new FieldReader({ command: 'unknown' });
  const body = r.object(request.body, 'body');
  if (!('command' in body)) r.missing('command');
  if (typeof body.command !== 'string') r.fail('command', 'must be a string');
  if (!('version' in body)) r.missing('version');
  if (!('payload' in body)) r.missing('payload');
  const certname = body.certname === undefined ? undefined : String(body.certname);
  return readPayload(body.command, body.version, body.payload, request.now, certname);
}

function readVersion(context: { command: string; certname?: string | undefined }, raw: unknown): number {
  const version = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw invalidCommand(context, 'ERR_CMD_INVALID_FIELD', 'version must be a valid integer', 'version');
  }
  return version;
}

function readPayload(
  rawName: string,
  rawVersion: unknown,
  payload: unknown,
  now: string,
  certname?: string,
): Command {
  const name = rawName.replaceAll('_', ' ');
  const context = { command: name, certname };
  if (!Object.hasOwn(SUPPORTED_VERSIONS, name)) {
    const reason = KNOWN_UNAPPLIED.includes(name)
      ? `command ${JSON.stringify(name)} is not applied by this service`
      : `command must be one of ${Object.keys(SUPPORTED_VERSIONS).join(', ')}`;
    throw invalidCommand(context, 'ERR_CMD_UNSUPPORTED_COMMAND', reason, 'command');
  }
  const kind = name as CommandName;
  const version = readVersion(context, rawVersion);
  const [min, max] = SUPPORTED_VERSIONS[kind];
  if (version < min) {
    const reason = `version ${version} is retired, the minimum supported version is ${min}`;
    throw invalidCommand(context, 'ERR_CMD_UNSUPPORTED_VERSION', reason, 'version');
  }
  if (version > max) {
    const reason = `version ${version} is not supported, the newest supported version is ${max}`;
    throw invalidCommand(context, 'ERR_CMD_UNSUPPORTED_VERSION', reason, 'version');
  }
  const command = buildCommand(kind, version, payload, now, certname);
  const payloadCertname = commandKey(command).certname;
  if (certname !== undefined && certname !== payloadCertname) {
    const reason = `the certname parameter ${JSON.stringify(certname)} differs from the payload's ${JSON.stringify(payloadCertname)}`;
    throw invalidCommand(context, 'ERR_CMD_CERTNAME_MISMATCH', reason, 'certname');
  }
  return command;
}

function buildCommand(
  kind: CommandName,
  version: number,
  payload: unknown,
  now: string,
  certname?: string,
): Command {
  switch (kind) {
    case 'replace catalog':
      return { kind, version, catalog: readCatalog(payload, version, certname) };
    case 'deactivate node':
      return { kind, version, deactivation: readDeactivation(payload, now, certname) };
    case 'replace facts':
      return { kind, version, factset: readFactset(payload, now, certname) };
    case 'store report':
      return { kind, version, report: readReport(payload, version, now, certname) };
  }
}
