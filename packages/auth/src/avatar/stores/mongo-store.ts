/**
 * @module avatar/stores/mongo-store
 * `mongodb://<host>:<port>/<db>?ava_db=<db>&ava_coll=<collection>`: avatars in a MongoDB collection
 * (or any server speaking its protocol), through the official driver.
 *
 * One document per avatar, `{_id: avatarId, data, fingerprint, size, updatedAt}`, not GridFS.
 * Avatars are small (tens of kilobytes after re-encoding), far below MongoDB's 16 MB document limit,
 * and a single document is replaced atomically by one `replaceOne(upsert)`: readers never see a
 * half-written avatar and there are no chunk and file collections to keep consistent or old
 * revisions to clean up. GridFS only pays off for files above 16 MB, which the proxy never stores.
 *
 * The driver is imported when a store is opened, not with the module: `@gatehouse/auth` re-exports
 * this class, and an integrator without a MongoDB store should not pay the driver's load time (nor
 * install it: it is an optional peer dependency).
 */
import type { Binary, Collection, MongoClient } from 'mongodb';
import { importOptional } from '../../internal/optional-package.js';
import { contentFingerprint } from '../fingerprint.js';
import { assertAvatarId, avatarIdFor } from '../id.js';
import type { AvatarStore } from '../types.js';

interface AvatarDocument {
  _id: string;
  data: Binary | Buffer;
  fingerprint: string;
  size: number;
  updatedAt: Date;
}

/** Leaves room for the other fields under MongoDB's 16 MiB BSON document limit. */
const MAX_AVATAR_BYTES = 15 * 1024 * 1024;
const DEFAULT_DB = 'gatehouse';
const DEFAULT_COLLECTION = 'avatars';

export interface MongoAvatarLocation {
  /** The URI given to the driver: the input without `ava_db` and `ava_coll`. */
  clientURI: string;
  db: string;
  collection: string;
}

/**
 * Splits a store URI into the driver's URI and the avatar database and collection. `ava_db` wins
 * over the database in the path; without either the database is `gatehouse`; `ava_coll` defaults
 * to `avatars`. Host lists (`h1,h2`) pass through untouched.
 */
export function parseMongoAvatarURI(uri: string): MongoAvatarLocation {
  const queryStart = uri.indexOf('?');
  const base = queryStart < 0 ? uri : uri.slice(0, queryStart);
  const params = new URLSearchParams(queryStart < 0 ? '' : uri.slice(queryStart + 1));
  const afterScheme = base.replace(/^mongodb(\+srv)?:\/\//, '');
  const slash = afterScheme.indexOf('/');
  const pathDb = slash < 0 ? '' : decodeURIComponent(afterScheme.slice(slash + 1));
  const db = params.get('ava_db') || pathDb || DEFAULT_DB;
  const collection = params.get('ava_coll') || DEFAULT_COLLECTION;
  params.delete('ava_db');
  params.delete('ava_coll');
  const query = params.toString();
  return { clientURI: query ? `${base}?${query}` : base, db, collection };
}

/** The URI with any password replaced, for messages and logs. */
export function redactMongoURI(uri: string): string {
  return uri.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

export class MongoAvatarStore implements AvatarStore {
  readonly #client: MongoClient;
  readonly #avatars: Collection<AvatarDocument>;
  readonly #label: string;

  private constructor(client: MongoClient, location: MongoAvatarLocation) {
    this.#client = client;
    this.#avatars = client.db(location.db).collection<AvatarDocument>(location.collection);
    this.#label = `mongodb avatar store ${location.db}.${location.collection}`;
  }

  /** Connects and checks the server answers; throws with the (redacted) URI when it does not. */
  static async open(uri: string): Promise<MongoAvatarStore> {
    const location = parseMongoAvatarURI(uri);
    // The driver waits 30 s for a server by default; a URI that sets its own timeout keeps it.
    const timeouts = /[?&]serverSelectionTimeoutMS=/i.test(uri) ? {} : { serverSelectionTimeoutMS: 10_000 };
    const { MongoClient } = await importOptional(
      'mongodb',
      'the mongodb:// avatar store',
      () => import('mongodb'),
    );
    const client = new MongoClient(location.clientURI, timeouts);
    try {
      await client.connect();
      await client.db(location.db).command({ ping: 1 });
    } catch (cause) {
      await client.close().catch(() => {});
      throw new Error(`@gatehouse/auth: cannot reach avatar store ${redactMongoURI(uri)}`, { cause });
    }
    return new MongoAvatarStore(client, location);
  }

  toString(): string {
    return this.#label;
  }

  async put(userId: string, data: Buffer): Promise<string> {
    if (data.length > MAX_AVATAR_BYTES) {
      throw new RangeError(`@gatehouse/auth: avatar of ${data.length} bytes is too large for ${this.#label}`);
    }
    const avatarId = avatarIdFor(userId);
    const document: AvatarDocument = {
      _id: avatarId,
      data,
      fingerprint: contentFingerprint(data),
      size: data.length,
      updatedAt: new Date(),
    };
    await this.#avatars.replaceOne({ _id: avatarId }, document, { upsert: true });
    return avatarId;
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    assertAvatarId(avatarId);
    const found = await this.#avatars.findOne({ _id: avatarId }, { projection: { data: 1 } });
    if (!found) return undefined;
    const { data } = found;
    return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer);
  }

  async fingerprint(avatarId: string): Promise<string | undefined> {
    assertAvatarId(avatarId);
    const found = await this.#avatars.findOne({ _id: avatarId }, { projection: { fingerprint: 1 } });
    return found?.fingerprint;
  }

  async remove(avatarId: string): Promise<void> {
    assertAvatarId(avatarId);
    await this.#avatars.deleteOne({ _id: avatarId });
  }

  async *list(): AsyncIterable<string> {
    const cursor = this.#avatars.find({}, { projection: { _id: 1 }, sort: { _id: 1 } });
    for await (const doc of cursor) yield doc._id;
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}
