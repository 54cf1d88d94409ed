/**
 * @module config/check-paths
 * What the configuration names on disk, checked before anything starts: the data folder, an
 * SQLite resources file, a credentials file and an avatar store named in the configuration must be
 * (or become, by creating folders) readable and writable by this user; the webhook modules folder
 * and the TLS key pair and authority must be readable. The schema cannot see the file system, so
 * `gatehouse config check` and `gatehouse serve` both run this after loading, and a deployment
 * learns of a folder the service user cannot write before the service is started.
 *
 * A modules folder named by the configuration (`webhooks.modulesDir`, `--modules`) must exist; none is
 * read unless one is named (a note says so).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isPostgresUrl } from '@gatehouse/resources';
import { avatarStoreURI } from '../areas/avatars/area.js';
import { ConfigError } from '../settings/errors.js';
import type { LoadedConfig } from './load.js';
import type { GatehouseConfig } from './schema.js';

export interface PathCheck {
  /** Each one a line like `server.dataDir: ...`; any of them stops start-up. */
  readonly problems: readonly string[];
  /** Worth saying, not wrong. */
  readonly notes: readonly string[];
}

/** Where a key's value came from (`--modules`, `GATEHOUSE_DATA_DIR`, the file), or undefined for a default. */
export type SourceOf = (key: string) => string | undefined;

const READ_WRITE = constants.R_OK | constants.W_OK | constants.X_OK;
const READ = constants.R_OK | constants.X_OK;

/**
 * Checks the paths of a loaded configuration (folders already absolute; an SQLite
 * `resources.database` is taken from `cwd`, as the service takes it).
 */
export function checkPaths(config: GatehouseConfig, sourceOf: SourceOf, cwd: string): PathCheck {
  const problems: string[] = [];
  const notes: string[] = [];
  const label = (key: string) => {
    const source = sourceOf(key);
    return source === undefined ? key : `${key} (from ${source})`;
  };
  const problem = (key: string, text: string | undefined) => {
    if (text !== undefined) problems.push(`${label(key)}: ${text}`);
  };

  problem('server.dataDir', writableFolder(config.server.dataDir));
  const database = config.resources.database;
  if (database !== undefined && !isPostgresUrl(database)) {
    problem('resources.database', writableFile(resolve(cwd, database), 'an SQLite file'));
  }
  const credentials = config.auth.direct.credentialsFile;
  if (config.auth.direct.enabled && credentials !== undefined && sourceOf('auth.direct.credentialsFile')) {
    problem('auth.direct.credentialsFile', writableFile(credentials, 'a credentials file'));
  }
  if (config.avatars.enabled && config.avatars.store !== undefined) {
    problem('avatars.store', avatarStoreProblem(avatarStoreURI(config, cwd)));
  }
  for (const key of ['cert', 'key', 'ca'] as const) {
    const file = config.tls[key];
    if (file !== undefined) problem(`tls.${key}`, readableFile(file));
  }

  const modules = config.webhooks.modulesDir;
  if (modules === undefined) {
    notes.push('webhooks.modulesDir: none named (--modules DIR), so no webhooks');
  } else {
    const modulesKind = kindOf(modules);
    if (modulesKind === 'missing') problem('webhooks.modulesDir', `no such folder ${modules}`);
    else problem('webhooks.modulesDir', readableFolder(modules, modulesKind));
  }
  return { problems, notes };
}

type Kind = 'folder' | 'file' | 'missing' | { error: string };

function kindOf(path: string): Kind {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a file stands where a folder of the path should; creatable() names it.
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? 'missing'
      : { error: `cannot look at ${path} (${code})` };
  }
}

function allows(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** A folder the service reads and writes, created (with its parents) when missing. */
function writableFolder(path: string): string | undefined {
  const kind = kindOf(path);
  if (typeof kind === 'object') return kind.error;
  if (kind === 'file') return `${path} is a file, expected a folder`;
  if (kind === 'folder') {
    return allows(path, READ_WRITE) ? undefined : `this user cannot read and write the folder ${path}`;
  }
  return creatable(path);
}

/** The folder or file of a `file://`, bare-path or `bolt://` avatar store; nothing to check for MongoDB. */
function avatarStoreProblem(uri: string): string | undefined {
  if (uri.startsWith('bolt://')) return writableFile(uri.slice('bolt://'.length), 'an LMDB file');
  if (uri.startsWith('file://')) return writableFolder(uri.slice('file://'.length));
  return uri.startsWith('/') ? writableFolder(uri) : undefined;
}

/** A file the service only reads (a certificate, a key). */
function readableFile(path: string): string | undefined {
  const kind = kindOf(path);
  if (typeof kind === 'object') return kind.error;
  if (kind === 'missing') return `no such file ${path}`;
  if (kind === 'folder') return `${path} is a folder, expected a file`;
  return allows(path, constants.R_OK) ? undefined : `this user cannot read ${path}`;
}

/**
 * A file the service reads and writes (`what`: an SQLite database, an LMDB file, a credentials
 * file), created with its folders when missing.
 */
function writableFile(path: string, what: string): string | undefined {
  const kind = kindOf(path);
  if (typeof kind === 'object') return kind.error;
  if (kind === 'folder') return `${path} is a folder, expected ${what}`;
  if (kind === 'file') {
    // SQLite and LMDB also write beside the file (journal, lock file); a credentials file is replaced by a rename.
    if (!allows(path, constants.R_OK | constants.W_OK)) return `this user cannot read and write ${path}`;
    return allows(dirname(path), READ_WRITE)
      ? undefined
      : `this user cannot write the folder ${dirname(path)}`;
  }
  return creatable(path);
}

/** A folder the service only reads. */
function readableFolder(path: string, kind: Exclude<Kind, 'missing'>): string | undefined {
  if (typeof kind === 'object') return kind.error;
  if (kind === 'file') return `${path} is a file, expected a folder`;
  return allows(path, READ) ? undefined : `this user cannot read the folder ${path}`;
}

/** A missing path can be created when its nearest existing ancestor is a folder this user can write. */
function creatable(path: string): string | undefined {
  let ancestor = dirname(path);
  for (;;) {
    const kind = kindOf(ancestor);
    if (typeof kind === 'object') return kind.error;
    if (kind === 'file') return `cannot create ${path}: ${ancestor} is a file`;
    if (kind === 'folder') {
      return allows(ancestor, constants.W_OK | constants.X_OK)
        ? undefined
        : `cannot create ${path}: this user cannot write the folder ${ancestor}`;
    }
    const parent = dirname(ancestor);
    if (parent === ancestor) return `cannot create ${path}`;
    ancestor = parent;
  }
}

/**
 * Runs {@link checkPaths} on a loaded configuration and throws a {@link ConfigError} with every
 * problem; returns the notes.
 */
export function assertPaths(loaded: LoadedConfig, cwd: string): readonly string[] {
  const { problems, notes } = checkPaths(loaded.config, loaded.sourceOf, cwd);
  if (problems.length > 0) throw new ConfigError(problems);
  return notes;
}
