import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarIdFor } from '../../src/avatar/id.js';
import { type MigrationProgress, migrateAvatars } from '../../src/avatar/migrate.js';
import { openAvatarStore } from '../../src/avatar/stores/open-store.js';
import type { AvatarStore } from '../../src/avatar/types.js';
import { MapAvatarStore } from '../support/avatar/memory-store.js';
import { mongoStoreURI, mongoTestURL } from '../support/avatar/peers.js';

let dir: string;
const mongoDb = `gatehouse_migrate_${randomBytes(4).toString('hex')}`;
let file: AvatarStore;
let bolt: AvatarStore;
let mongo: AvatarStore;
const users = Array.from({ length: 12 }, (_, i) => `github_user${i}`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-avatar-migrate-'));
  file = await openAvatarStore(`${dir}/files`);
  bolt = await openAvatarStore(`bolt://${dir}/avatars.db`);
  mongo = await openAvatarStore(mongoStoreURI(mongoDb));
  for (const user of users) await file.put(user, randomBytes(2000));
});

afterAll(async () => {
  await Promise.all([file.close(), bolt.close(), mongo.close()]);
  await rm(dir, { recursive: true, force: true });
  const client = await MongoClient.connect(mongoTestURL());
  await client.db(mongoDb).dropDatabase();
  await client.close();
});

async function sameContent(a: AvatarStore, b: AvatarStore): Promise<void> {
  for (const user of users) {
    const id = avatarIdFor(user);
    expect((await b.get(id))?.equals((await a.get(id))!)).toBe(true);
    expect(await b.fingerprint(id)).toBe(await a.fingerprint(id));
  }
}

describe('migrateAvatars', () => {
  it('copies every avatar from file to bolt, reporting progress', async () => {
    const progress: MigrationProgress[] = [];
    const summary = await migrateAvatars(file, bolt, { onProgress: (p) => progress.push(p) });
    expect(summary).toEqual({ copied: 12, skipped: 0, failed: 0, failures: [] });
    expect(progress.map((p) => p.done)).toEqual(users.map((_, i) => i + 1));
    await sameContent(file, bolt);
  });

  it('skips what is already there when run again, and copies only what changed', async () => {
    await file.put(users[3]!, Buffer.from('changed'));
    const summary = await migrateAvatars(file, bolt);
    expect(summary).toMatchObject({ copied: 1, skipped: 11, failed: 0 });
    await sameContent(file, bolt);
  });

  it('copies bolt to MongoDB and leaves the source intact', async () => {
    const summary = await migrateAvatars(bolt, mongo);
    expect(summary).toMatchObject({ copied: 12, skipped: 0, failed: 0 });
    await sameContent(bolt, mongo);
    const left: string[] = [];
    for await (const id of bolt.list()) left.push(id);
    expect(left).toHaveLength(12);
  });

  it('counts failures per avatar and goes on with the rest', async () => {
    const target = new MapAvatarStore();
    const failOn = avatarIdFor(users[5]!);
    const flaky = Object.create(target, {
      put: {
        value: (id: string, data: Buffer) =>
          id === failOn ? Promise.reject(new Error('quota')) : target.put(id, data),
      },
    });
    const summary = await migrateAvatars(mongo, flaky);
    expect(summary).toMatchObject({ copied: 11, skipped: 0, failed: 1 });
    expect(summary.failures.map((f) => [f.avatarId, f.error.message])).toEqual([[failOn, 'quota']]);
    const retry = await migrateAvatars(mongo, target);
    expect(retry).toMatchObject({ copied: 1, skipped: 11, failed: 0 });
  });
});
