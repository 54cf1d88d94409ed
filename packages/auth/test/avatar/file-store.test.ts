import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { avatarIdFor } from '../../src/avatar/id.js';
import { FileAvatarStore } from '../../src/avatar/stores/file-store.js';

let dir: string;
let store: FileAvatarStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-avatar-files-'));
  store = new FileAvatarStore(dir);
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('FileAvatarStore layout', () => {
  it('shards by the first two byte pairs of the id', async () => {
    const id = await store.put('github_alice', Buffer.from('a'));
    const path = join(dir, id.slice(0, 2), id.slice(2, 4), id);
    expect(await readFile(path, 'utf8')).toBe('a');
    expect(await readdir(dir)).toEqual([id.slice(0, 2)]);
  });

  it('spreads many avatars over many directories', async () => {
    for (let i = 0; i < 200; i++) await store.put(`user_${i}`, Buffer.from(String(i)));
    const firstLevel = await readdir(dir);
    expect(firstLevel.length).toBeGreaterThan(100);
    const ids: string[] = [];
    for await (const id of store.list()) ids.push(id);
    expect(ids).toHaveLength(200);
  });

  it('leaves no temporary files behind', async () => {
    const id = await store.put('github_alice', randomBytes(1000));
    await store.put('github_alice', randomBytes(1000));
    expect(await readdir(join(dir, id.slice(0, 2), id.slice(2, 4)))).toEqual([id]);
  });

  it('ignores an orphaned temp file from a crash in list and get', async () => {
    const id = await store.put('github_alice', Buffer.from('whole'));
    const shard = join(dir, id.slice(0, 2), id.slice(2, 4));
    await writeFile(join(shard, `.${id}.deadbeef0000.tmp`), 'half');
    const ids: string[] = [];
    for await (const listed of store.list()) ids.push(listed);
    expect(ids).toEqual([id]);
    expect((await store.get(id))?.toString()).toBe('whole');
  });

  it('gives readers either the old or the new avatar while writes race', async () => {
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i + 1));
    const id = avatarIdFor('racer');
    await store.put('racer', versions[0]!);
    const reads: Promise<Buffer | undefined>[] = [];
    const writes = versions.map((data) => {
      reads.push(store.get(id));
      return store.put('racer', data);
    });
    await Promise.all(writes);
    for (const read of await Promise.all(reads)) {
      expect(versions.some((v) => v.equals(read!))).toBe(true);
    }
  });

  it('changes the fingerprint when the file is replaced behind its back', async () => {
    const id = await store.put('github_alice', Buffer.from('one'));
    const before = await store.fingerprint(id);
    const other = new FileAvatarStore(dir);
    await other.put('github_alice', Buffer.from('two'));
    expect(await store.fingerprint(id)).not.toBe(before);
    expect(await store.fingerprint(id)).toBe(await other.fingerprint(id));
  });

  it('lists nothing for a root that does not exist yet', async () => {
    const empty = new FileAvatarStore(join(dir, 'not-yet'));
    const ids: string[] = [];
    for await (const id of empty.list()) ids.push(id);
    expect(ids).toEqual([]);
  });
});
