/**
 * One contract, every store against its real engine: a temp folder, a real LMDB file, a real
 * MongoDB-protocol server (FerretDB, see scripts/setup/20-ferretdb.sh), and a user-defined store.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFingerprint } from '../../src/avatar/fingerprint.js';
import { avatarIdFor } from '../../src/avatar/id.js';
import { openAvatarStore } from '../../src/avatar/stores/open-store.js';
import type { AvatarStore } from '../../src/avatar/types.js';
import { MapAvatarStore } from '../support/avatar/memory-store.js';
import { mongoStoreURI, mongoTestURL } from '../support/avatar/peers.js';

let dir: string;
const mongoDb = `gatehouse_stores_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-avatar-stores-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  const client = await MongoClient.connect(mongoTestURL());
  await client.db(mongoDb).dropDatabase();
  await client.close();
});

interface StoreCase {
  name: string;
  /** Opens the store; called again after close to check that data persists. */
  open: () => Promise<AvatarStore>;
  persistent: boolean;
  /** Built-in stores refuse malformed ids themselves. */
  checksIds: boolean;
}

const mapStore = new MapAvatarStore();
const cases: StoreCase[] = [
  {
    name: 'file (file:// URI)',
    open: () => openAvatarStore(`file://${dir}/files`),
    persistent: true,
    checksIds: true,
  },
  { name: 'file (bare path)', open: () => openAvatarStore(`${dir}/bare`), persistent: true, checksIds: true },
  {
    name: 'bolt (LMDB file)',
    open: () => openAvatarStore(`bolt://${dir}/bolt/avatars.db`),
    persistent: true,
    checksIds: true,
  },
  {
    name: 'mongodb (FerretDB)',
    open: () => openAvatarStore(mongoStoreURI(mongoDb)),
    persistent: true,
    checksIds: true,
  },
  { name: 'user-defined', open: async () => mapStore, persistent: false, checksIds: false },
];

/** Byte equality without a deep diff of 200 kB buffers. */
function expectBytes(actual: Buffer | undefined, expected: Buffer): void {
  expect(actual).toBeInstanceOf(Buffer);
  expect(actual!.length).toBe(expected.length);
  expect(actual!.equals(expected)).toBe(true);
}

async function collect(store: AvatarStore): Promise<string[]> {
  const ids: string[] = [];
  for await (const id of store.list()) ids.push(id);
  return ids.sort();
}

describe.each(cases)('$name store', ({ open, persistent, checksIds }) => {
  let store: AvatarStore;
  const first = Buffer.from('first version of the avatar');
  const second = randomBytes(200_000);

  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store.close();
  });

  it('puts under sha1(user id).image and gets the same bytes back', async () => {
    const id = await store.put('github_alice', first);
    expect(id).toBe(avatarIdFor('github_alice'));
    expectBytes(await store.get(id), first);
    expect(await store.fingerprint(id)).toBe(contentFingerprint(first));
  });

  it('replaces on a second put, with a new fingerprint', async () => {
    const id = await store.put('github_alice', second);
    expectBytes(await store.get(id), second);
    expect(await store.fingerprint(id)).toBe(contentFingerprint(second));
  });

  it('puts by avatar id as well (what migrate does)', async () => {
    const id = avatarIdFor('github_bob');
    expect(await store.put(id, first)).toBe(id);
    expectBytes(await store.get(id), first);
  });

  it('lists every avatar id', async () => {
    expect(await collect(store)).toEqual([avatarIdFor('github_alice'), avatarIdFor('github_bob')].sort());
  });

  it('answers undefined for a missing avatar', async () => {
    const missing = avatarIdFor('nobody');
    expect(await store.get(missing)).toBeUndefined();
    expect(await store.fingerprint(missing)).toBeUndefined();
  });

  it('removes an avatar, and removing a missing one is no error', async () => {
    const id = avatarIdFor('github_bob');
    await store.remove(id);
    expect(await store.get(id)).toBeUndefined();
    expect(await store.fingerprint(id)).toBeUndefined();
    await store.remove(id);
    expect(await collect(store)).toEqual([avatarIdFor('github_alice')]);
  });

  // A user-defined store checks ids as it likes; the built-in ones must refuse bad ids themselves.
  if (checksIds)
    it('refuses ids that are not avatar ids (no path traversal)', async () => {
      for (const bad of ['../../etc/passwd', `${'A'.repeat(40)}.image`, `${'a'.repeat(40)}.image/..`, '']) {
        await expect(store.get(bad)).rejects.toThrow(TypeError);
        await expect(store.fingerprint(bad)).rejects.toThrow(TypeError);
        await expect(store.remove(bad)).rejects.toThrow(TypeError);
      }
    });

  if (persistent)
    it('keeps avatars across close and reopen', async () => {
      await store.close();
      store = await open();
      const id = avatarIdFor('github_alice');
      expectBytes(await store.get(id), second);
      expect(await store.fingerprint(id)).toBe(contentFingerprint(second));
    });
});

describe('openAvatarStore', () => {
  it('refuses an unknown scheme with the supported forms', async () => {
    await expect(openAvatarStore('redis://localhost/0')).rejects.toThrow(
      /unknown avatar store URI.*bolt:\/\/path/,
    );
    await expect(openAvatarStore('avatars')).rejects.toThrow(TypeError);
  });

  it('refuses a URI without a path', async () => {
    await expect(openAvatarStore('bolt://')).rejects.toThrow(/has no path/);
  });

  it('with mustExist, refuses a missing bolt file or directory and creates nothing', async () => {
    const missing = join(dir, 'nonexist');
    await expect(openAvatarStore(`bolt://${missing}/avatars.db`, { mustExist: true })).rejects.toThrow(
      `avatar store file ${missing}/avatars.db does not exist`,
    );
    await expect(openAvatarStore(`file://${missing}`, { mustExist: true })).rejects.toThrow(
      `avatar store directory ${missing} does not exist`,
    );
    await expect(openAvatarStore(missing, { mustExist: true })).rejects.toThrow(TypeError);
    expect(existsSync(missing)).toBe(false);
  });

  it('with mustExist, opens a store that is there', async () => {
    const created = await openAvatarStore(`bolt://${dir}/must/avatars.db`);
    const id = await created.put('github_bob', Buffer.from('bob'));
    await created.close();
    const store = await openAvatarStore(`bolt://${dir}/must/avatars.db`, { mustExist: true });
    expectBytes(await store.get(id), Buffer.from('bob'));
    await store.close();
  });

  it('names an unreachable MongoDB without its password', async () => {
    const attempt = openAvatarStore('mongodb://user:s3cret@127.0.0.1:1/db?serverSelectionTimeoutMS=300');
    await expect(attempt).rejects.toThrow('cannot reach avatar store mongodb://user:***@127.0.0.1:1/db');
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });

  it('the user-defined store was really used through the contract', () => {
    expect(mapStore.entries.size).toBe(1);
    expect(mapStore.closed).toBe(true);
  });
});
