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

/**
 * Opens the store named by `uri`. Throws a TypeError for an unknown scheme or a URI without a path,
 * and the engine's error (wrapped, password redacted) when the file or server cannot be opened.
 */
export async function openAvatarStore(uri: string): Promise<AvatarStore> {
  if (uri.startsWith('file://')) return new FileAvatarStore(pathAfterScheme(uri, 'file://'));
  if (uri.startsWith('/')) return new FileAvatarStore(uri);
  if (uri.startsWith('bolt://')) return BoltAvatarStore.open(pathAfterScheme(uri, 'bolt://'));
  if (uri.startsWith('mongodb://') || uri.startsWith('mongodb+srv://')) return MongoAvatarStore.open(uri);
  throw new TypeError(
    `@gatehouse/auth: unknown avatar store URI ${JSON.stringify(describeAvatarStoreURI(uri))}; ` +
      'use file:///path, /path, bolt://path or mongodb://host:port/db?ava_db=db&ava_coll=collection',
  );
}
