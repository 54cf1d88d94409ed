/**
 * @module avatar/stores/file-store
 * Avatars as files: `<root>/<id[0..2]>/<id[2..4]>/<id>`. Two levels of 256 directories keep about
 * 15 files per directory at a million avatars. A write goes to a temporary file in the target
 * directory, is fsynced and then renamed over the old one, so a reader (or a crash) sees either the
 * old avatar or the new one, never half of one. The fingerprint is the content hash, computed once
 * per file version and cached (bounded) against the file's inode, size and mtime.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentFingerprint } from '../fingerprint.js';
import { assertAvatarId, avatarIdFor, isAvatarId } from '../id.js';
import type { AvatarStore } from '../types.js';

/** Bounds the memory of the fingerprint cache (~100 bytes an entry); the oldest entries go first. */
const MAX_CACHED_FINGERPRINTS = 50_000;

interface CachedFingerprint {
  version: string;
  fingerprint: string;
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** A store rooted at a directory; created on first write. */
export class FileAvatarStore implements AvatarStore {
  readonly #root: string;
  readonly #fingerprints = new Map<string, CachedFingerprint>();

  constructor(root: string) {
    if (!root) throw new TypeError('@gatehouse/auth: file avatar store needs a directory');
    this.#root = root;
  }

  toString(): string {
    return `file avatar store ${this.#root}`;
  }

  #dirOf(avatarId: string): string {
    return join(this.#root, avatarId.slice(0, 2), avatarId.slice(2, 4));
  }

  #pathOf(avatarId: string): string {
    assertAvatarId(avatarId);
    return join(this.#dirOf(avatarId), avatarId);
  }

  async put(userId: string, data: Buffer): Promise<string> {
    const avatarId = avatarIdFor(userId);
    const dir = this.#dirOf(avatarId);
    await mkdir(dir, { recursive: true, mode: 0o750 });
    const temp = join(dir, `.${avatarId}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, join(dir, avatarId));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    await syncDirectory(dir);
    return avatarId;
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#pathOf(avatarId));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async fingerprint(avatarId: string): Promise<string | undefined> {
    const path = this.#pathOf(avatarId);
    let version: string;
    try {
      const info = await stat(path, { bigint: true });
      version = `${info.ino}:${info.size}:${info.mtimeNs}`;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    const cached = this.#fingerprints.get(avatarId);
    if (cached?.version === version) return cached.fingerprint;
    const data = await this.get(avatarId);
    if (data === undefined) return undefined;
    const fingerprint = contentFingerprint(data);
    this.#fingerprints.delete(avatarId);
    if (this.#fingerprints.size >= MAX_CACHED_FINGERPRINTS) {
      this.#fingerprints.delete(this.#fingerprints.keys().next().value!);
    }
    this.#fingerprints.set(avatarId, { version, fingerprint });
    return fingerprint;
  }

  async remove(avatarId: string): Promise<void> {
    await rm(this.#pathOf(avatarId), { force: true });
    this.#fingerprints.delete(avatarId);
  }

  async *list(): AsyncIterable<string> {
    for (const first of await listDirectory(this.#root)) {
      for (const second of await listDirectory(join(this.#root, first))) {
        for (const name of await listDirectory(join(this.#root, first, second))) {
          if (isAvatarId(name)) yield name;
        }
      }
    }
  }

  async close(): Promise<void> {
    this.#fingerprints.clear();
  }
}

async function listDirectory(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (err) {
    if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw err;
  }
}

/** Makes the rename durable; some file systems refuse fsync on a directory, which is harmless here. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // EINVAL/EISDIR on file systems without directory fsync: the rename is still atomic.
  } finally {
    await handle.close();
  }
}
