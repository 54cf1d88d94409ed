import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFingerprint } from '../../src/avatar/fingerprint.js';
import {
  MongoAvatarStore,
  parseMongoAvatarURI,
  redactMongoURI,
} from '../../src/avatar/stores/mongo-store.js';
import { mongoStoreURI, mongoTestURL } from '../support/avatar/peers.js';

describe('parseMongoAvatarURI', () => {
  it('takes ava_db and ava_coll out of the driver URI', () => {
    expect(parseMongoAvatarURI('mongodb://h:27017/app?ava_db=pics&ava_coll=faces&w=majority')).toEqual({
      clientURI: 'mongodb://h:27017/app?w=majority',
      db: 'pics',
      collection: 'faces',
    });
  });

  it('falls back to the path database, then to gatehouse, and to the avatars collection', () => {
    expect(parseMongoAvatarURI('mongodb://h:27017/app')).toMatchObject({ db: 'app', collection: 'avatars' });
    expect(parseMongoAvatarURI('mongodb://h1:1,h2:2/')).toEqual({
      clientURI: 'mongodb://h1:1,h2:2/',
      db: 'gatehouse',
      collection: 'avatars',
    });
  });

  it('redacts passwords', () => {
    expect(redactMongoURI('mongodb+srv://me:p%40ss@cluster/x')).toBe('mongodb+srv://me:***@cluster/x');
  });
});

describe('MongoAvatarStore documents', () => {
  const db = `gatehouse_mongo_${randomBytes(4).toString('hex')}`;
  let store: MongoAvatarStore;
  let raw: MongoClient;

  beforeAll(async () => {
    store = await MongoAvatarStore.open(mongoStoreURI(db, 'faces'));
    raw = await MongoClient.connect(mongoTestURL());
  });
  afterAll(async () => {
    await store.close();
    await raw.db(db).dropDatabase();
    await raw.close();
  });

  it('keeps one document per avatar in ava_db.ava_coll, with bytes, fingerprint and size', async () => {
    const data = randomBytes(5000);
    const id = await store.put('github_carol', data);
    await store.put('github_carol', data);
    const docs = await raw.db(db).collection('faces').find({}).toArray();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ _id: id, fingerprint: contentFingerprint(data), size: 5000 });
    expect(Buffer.from(docs[0]!.data.buffer).equals(data)).toBe(true);
  });

  it('refuses an avatar too large for one document, storing nothing', async () => {
    await expect(store.put('github_huge', Buffer.alloc(15 * 1024 * 1024 + 1))).rejects.toThrow(RangeError);
    expect(await raw.db(db).collection('faces').countDocuments()).toBe(1);
  });
});
