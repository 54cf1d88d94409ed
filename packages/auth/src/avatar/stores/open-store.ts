/**
 * @module avatar/stores/open-store
 * `openAvatarStore(uri)`: the store named by a URI.
 *
 * | URI | store |
 * |---|---|
 * | `file:///<path>`, `/<path>` | {@link FileAvatarStore} (a directory) |
 * | `bolt://<path>` | {@link BoltAvatarStore} (one LMDB file); `bolt:///abs` or `bolt://relative/path` |
 * | `mongodb://…`, `mongodb+srv://…` | {@link MongoAvatarStore}, options `ava_db` and `ava_coll` |
 */

import { statSync } from 'node:fs';
import type { AvatarStore } from '../types.js';
import { BoltAvatarStore } from './bolt-store.js';
import { FileAvatarStore } from './file-store.js';
import { MongoAvatarStore, redactMongoURI } from './mongo-store.js';

/** The path part of `file://` and `bolt://` URIs; `scheme://relative` stays relative (e.g. a data dir). */
function pathAfterScheme(uri: string, scheme: string): string {
  const path = decodeURIComponent(uri.slice(scheme.length).split('?', 1)[0]!);
  if (!path) throw new TypeError(`@gatehouse/auth: avatar store URI ${uri} has no path`);
  return path;
}

/** A description of the URI that is safe to log (no password). */
export function describeAvatarStoreURI(uri: string): string {
  return redactMongoURI(uri);
}

export interface OpenAvatarStoreOptions {
  /**
   * Refuse (TypeError, nothing created) when a `file://` directory or `bolt://` file is missing,
   * for a store that is read, such as a migration's source: a mistyped path must not become an
   * empty new store. MongoDB creates collections lazily and is opened as usual.
   */
  mustExist?: boolean;
}

/**
 * Opens the store named by `uri`. Throws a TypeError for an unknown scheme, a URI without a path
 * or (with `mustExist`) a missing file or directory, and the engine's error (wrapped, password
 * redacted) when the file or server cannot be opened.
 */
export async function openAvatarStore(
  uri: string,
  options: OpenAvatarStoreOptions = {},
): Promise<AvatarStore> {
  const mustExist = options.mustExist === true;
  if (uri.startsWith('file://') || uri.startsWith('/')) {
    const dir = uri.startsWith('/') ? uri : pathAfterScheme(uri, 'file://');
    if (mustExist) requireExisting(dir, 'directory');
    return new FileAvatarStore(dir);
  }
  if (uri.startsWith('bolt://')) {
    const file = pathAfterScheme(uri, 'bolt://');
    if (mustExist) requireExisting(file, 'file');
    return BoltAvatarStore.open(file);
  }
  if (uri.startsWith('mongodb://') || uri.startsWith('mongodb+srv://')) return MongoAvatarStore.open(uri);
  throw new TypeError(
    `@gatehouse/auth: unknown avatar store URI ${JSON.stringify(describeAvatarStoreURI(uri))}; ` +
      'use file:///path, /path, bolt://path or mongodb://host:port/db?ava_db=db&ava_coll=collection',
  );
}

function requireExisting(path: string, kind: 'file' | 'directory'): void {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new TypeError(`@gatehouse/auth: avatar store ${kind} ${path} does not exist`);
  if (kind === 'file' ? !stat.isFile() : !stat.isDirectory())
    throw new TypeError(`@gatehouse/auth: avatar store ${kind} ${path} is not a ${kind}`);
}
