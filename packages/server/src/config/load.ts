/**
 * @module config/load
 * Reads the config file (explicit `--config`/`GATEHOUSE_CONFIG`, else `gatehouse.config.json` in the
 * current directory when present), lays environment and flag overrides over it, validates the
 * result against {@link configSchema} and resolves relative paths against the current directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { groupNames } from '../access/groups.js';
import { resolveAuthPaths } from '../areas/auth/config.js';
import { authSecretReferences, secretProblem } from '../areas/auth/secrets.js';
import { ConfigError, formatIssue } from '../settings/errors.js';
import { formatHost } from '../settings/url-host.js';
import { configSchema, type GatehouseConfig } from './schema.js';
import { knownKeys } from './schema-keys.js';
import { environmentOverrides, type Override, setKey } from './sources.js';

/** The file looked for in the current directory when none is named. */
export const defaultConfigFileName = 'gatehouse.config.json';

export interface LoadConfigOptions {
  /** A file named by `--config` or `GATEHOUSE_CONFIG`; it must exist. */
  file?: string | undefined;
  /** Where relative paths and the default file are looked up; default `process.cwd()`. */
  cwd?: string;
  /** Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Command-line flags, applied last. */
  flags?: readonly Override[];
}

export interface LoadedConfig {
  config: GatehouseConfig;
  /** The absolute path of the file read, or `undefined` when running on defaults. */
  file: string | undefined;
  /** Where a dotted key's value came from (`--port`, `GATEHOUSE_PORT`, the file's name); undefined: a default. */
  sourceOf(key: string): string | undefined;
}

/** Loads and validates the configuration; throws a {@link ConfigError} naming every bad key. */
export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const file = locateFile(options.file ?? (env.GATEHOUSE_CONFIG || undefined), cwd);
  const raw = file === undefined ? {} : readConfigFile(file);
  const fileLabel = file === undefined ? undefined : basename(file);
  const sources = new Map<string, string>();
  for (const key of dottedKeys(raw)) sources.set(key, fileLabel!);
  for (const override of [...environmentOverrides(env), ...(options.flags ?? [])]) {
    setKey(raw, override.key, override.value);
    sources.set(override.key, override.source);
  }
  const result = configSchema.safeParse(raw, { reportInput: true });
  const sourceOf = (key: string) => sources.get(key) ?? fileLabel;
  if (!result.success) {
    const context = {
      sourceOf,
      keysAt: (path: readonly PropertyKey[]) => knownKeys(configSchema, path, raw),
    };
    const problems = result.error.issues.flatMap((issue) => formatIssue(issue, context));
    throw new ConfigError(problems);
  }
  // Secrets named by environment variable: a missing one is a configuration error, found before start.
  const missing = authSecretReferences(result.data.auth).flatMap((reference) => {
    const problem = secretProblem(reference, env);
    const where = sourceOf(reference.key);
    return problem ? [`${reference.key}${where ? ` (from ${where})` : ''}: ${problem}`] : [];
  });
  if (missing.length > 0) throw new ConfigError(missing);
  return { config: resolvePaths(result.data, cwd), file, sourceOf: (key) => sources.get(key) };
}

/** Every dotted key a parsed file sets, objects included (`server`, `server.port`). */
function dottedKeys(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([name, value]) => {
    const key = prefix + name;
    const nested =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? dottedKeys(value as Record<string, unknown>, `${key}.`)
        : [];
    return [key, ...nested];
  });
}

function locateFile(named: string | undefined, cwd: string): string | undefined {
  if (named !== undefined) return resolve(cwd, named);
  const fallback = resolve(cwd, defaultConfigFileName);
  return existsSync(fallback) ? fallback : undefined;
}

function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError([`${file}: cannot read the file (${(error as NodeJS.ErrnoException).code})`]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`${file}: not valid JSON (${(error as Error).message})`]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError([
      `${file}: expected a JSON object with sections server, auth, resources, webhooks`,
    ]);
  }
  return parsed as Record<string, unknown>;
}

function resolvePaths(config: GatehouseConfig, cwd: string): GatehouseConfig {
  const dataDir = resolve(cwd, config.server.dataDir);
  const named = config.auth.direct.credentialsFile;
  const credentialsFile = named === undefined ? join(dataDir, 'users.passwd') : resolve(cwd, named);
  const tls = config.tls;
  const file = (path: string | undefined) => (path === undefined ? undefined : resolve(cwd, path));
  const access = { ...config.access };
  for (const name of groupNames) {
    access[name] = access[name].map((rule) =>
      typeof rule === 'object' && 'certificateFile' in rule
        ? { certificateFile: resolve(cwd, rule.certificateFile) }
        : rule,
    );
  }
  return {
    ...config,
    tls: { ...tls, cert: file(tls.cert), key: file(tls.key), ca: file(tls.ca) },
    access,
    server: { ...config.server, dataDir },
    auth: resolveAuthPaths({ ...config.auth, direct: { ...config.auth.direct, credentialsFile } }, cwd),
    webhooks: { ...config.webhooks, folder: file(config.webhooks.folder) },
  };
}

/** What the service URL is made of: `server.url`, else the listening address and `tls.cert`. */
export interface ServiceURLSettings {
  readonly server: { readonly url?: string | undefined; readonly host: string; readonly port: number };
  readonly tls: { readonly cert?: string | undefined };
}

/** The URL clients use: `server.url`, else `http(s)://<host>:<port>` (brackets around IPv6 hosts). */
export function serviceURL(config: ServiceURLSettings, port: number = config.server.port): string {
  if (config.server.url !== undefined) return config.server.url;
  return `${listeningScheme(config)}://${formatHost(config.server.host)}:${port}`;
}

/** `https` when section `tls` names a key pair. */
export function listeningScheme(config: Pick<ServiceURLSettings, 'tls'>): 'http' | 'https' {
  return config.tls.cert === undefined ? 'http' : 'https';
}
