/**
 * @module avatar/stores/bolt-store
 * `bolt://<path>`: avatars in one embedded key-value file. The engine is LMDB (the `lmdb` package):
 * BoltDB, the Go store that the `bolt://` scheme names, was modelled on LMDB, and LMDB gives the same
 * properties in Node: one memory-mapped file, ACID transactions, readers that never block the
 * writer, and no server. Two named databases share the file: `avatars` (bytes) and `metas`
 * (fingerprint), and a put or remove changes both in one transaction.
 *
 * `lmdb` is imported when a store is opened, not with the module: `@gatehouse/auth` re-exports this
 * class, and an integrator without a bolt store should not pay the native module's load time (nor
 * install it: it is an optional peer dependency).
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Database, RootDatabase } from 'lmdb';
import { importOptional } from '../../internal/optional-package.js';
import { contentFingerprint } from '../fingerprint.js';
import { assertAvatarId, avatarIdFor } from '../id.js';
import type { AvatarStore } from '../types.js';

export class BoltAvatarStore implements AvatarStore {
  readonly #path: string;
  readonly #root: RootDatabase;
  readonly #avatars: Database<Buffer, string>;
  readonly #metas: Database<string, string>;

  private constructor(path: string, root: RootDatabase) {
    this.#path = path;
    this.#root = root;
    this.#avatars = root.openDB<Buffer, string>({ name: 'avatars', encoding: 'binary' });
    this.#metas = root.openDB<string, string>({ name: 'metas', encoding: 'string' });
  }

  /** Opens (and creates when missing) the LMDB file at `path`; its directory is created too. */
  static async open(path: string): Promise<BoltAvatarStore> {
    if (!path) throw new TypeError('@gatehouse/auth: bolt avatar store needs a file path');
    await mkdir(dirname(path), { recursive: true, mode: 0o750 });
    const { open } = await importOptional('lmdb', 'the bolt:// avatar store', () => import('lmdb'));
    const root = open({ path, maxDbs: 4, compression: false });
    return new BoltAvatarStore(path, root);
  }

  toString(): string {
    return `bolt avatar store ${this.#path}`;
  }

  async put(userId: string, data: Buffer): Promise<string> {
    const avatarId = avatarIdFor(userId);
    const fingerprint = contentFingerprint(data);
    await this.#root.transaction(() => {
      this.#avatars.put(avatarId, data);
      this.#metas.put(avatarId, fingerprint);
    });
    return avatarId;
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    assertAvatarId(avatarId);
    return this.#avatars.get(avatarId);
  }

  async fingerprint(avatarId: string): Promise<string | undefined> {
    assertAvatarId(avatarId);
    return this.#metas.get(avatarId);
  }

  async remove(avatarId: string): Promise<void> {
    assertAvatarId(avatarId);
    await this.#root.transaction(() => {
      this.#avatars.remove(avatarId);
      this.#metas.remove(avatarId);
    });
  }

  async *list(): AsyncIterable<string> {
    for (const key of this.#metas.getKeys()) yield key;
  }

  async close(): Promise<void> {
    await this.#root.close();
  }
}
