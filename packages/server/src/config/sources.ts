/**
 * @module config/sources
 * Where values come from besides the file: environment variables and command-line flags. Each
 * becomes an {@link Override} of one dotted key, remembered so that an error names its source.
 * Precedence: flags > environment > file > defaults.
 */
import { fromText, type TextKind } from '../settings/text-values.js';

export interface Override {
  /** Dotted key in the config, e.g. `server.port`. */
  key: string;
  /** The raw value; strings from env/flags are converted by {@link fromText} first. */
  value: unknown;
  /** Shown in errors, e.g. `GATEHOUSE_PORT` or `--port`. */
  source: string;
}

/** Every environment variable the service reads, with the key it sets and what it is for. */
export const environmentVariables = [
  { name: 'GATEHOUSE_HOST', key: 'server.host', kind: 'text', doc: 'interface to listen on' },
  { name: 'GATEHOUSE_PORT', key: 'server.port', kind: 'number', doc: 'port to listen on' },
  { name: 'GATEHOUSE_URL', key: 'server.url', kind: 'text', doc: 'external base URL (behind a proxy)' },
  { name: 'GATEHOUSE_DATA_DIR', key: 'server.dataDir', kind: 'text', doc: 'data folder' },
  {
    name: 'GATEHOUSE_WORKERS',
    key: 'server.workers',
    kind: 'number',
    doc: 'processes serving requests: auto (one per core) or a number',
  },
  {
    name: 'GATEHOUSE_VERBOSE',
    key: 'server.verbose',
    kind: 'boolean',
    doc: '1/true: log every request',
  },
  {
    name: 'GATEHOUSE_LOG_LEVEL',
    key: 'server.logLevel',
    kind: 'text',
    doc: 'fatal, error, warn, info (default), debug, trace or silent',
  },
  {
    name: 'GATEHOUSE_SECRET',
    key: 'auth.secret',
    kind: 'text',
    doc: 'JWT signing secret (>= 32 characters)',
  },
  {
    name: 'GATEHOUSE_ADMIN_PASSWD',
    key: 'auth.adminPasswd',
    kind: 'text',
    doc: 'basic auth password of user admin',
  },
  {
    name: 'GATEHOUSE_RESOURCES_DATABASE',
    key: 'resources.database',
    kind: 'text',
    doc: 'resources store: SQLite file or postgres:// URL',
  },
  {
    name: 'GATEHOUSE_STATE_DATABASE',
    key: 'state.database',
    kind: 'text',
    doc: 'shared state store: postgres:// URL or memory',
  },
  {
    name: 'SERVICE_WEBHOOK_SECRET',
    key: 'webhooks.secret',
    kind: 'text',
    doc: 'shared secret webhook callers send in X-Webhook-Secret',
  },
] as const satisfies readonly { name: string; key: string; kind: TextKind; doc: string }[];

/** Overrides from the environment, in the order of {@link environmentVariables}. */
export function environmentOverrides(env: NodeJS.ProcessEnv): Override[] {
  const overrides: Override[] = [];
  for (const variable of environmentVariables) {
    const text = env[variable.name];
    if (text === undefined || text === '') continue;
    overrides.push({ key: variable.key, value: fromText(text, variable.kind), source: variable.name });
  }
  return overrides;
}

/** Sets `value` at the dotted `key` of `target`, creating sections as needed. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}
