/**
 * @module avatar/types
 * The two avatar contracts: the store (where bytes live) and the proxy (what the login flow and the
 * avatar route use).
 */
import type { HttpHandler } from '../http/exchange.js';
import type { User } from '../token/user.js';

/** Where avatars live: file system, `bolt://` (LMDB), `mongodb://`, or a user-defined object. */
export interface AvatarStore {
  /**
   * Stores `data` for `userId`; returns the avatar id (`<sha1 hex of userId>.image`). Replaces an
   * existing avatar. A `userId` that already is an avatar id is kept as it is (`avatarIdFor` does
   * both): that is how `migrateAvatars` copies between stores.
   */
  put(userId: string, data: Buffer): Promise<string>;
  /** The stored bytes, or `undefined` when there is no such avatar. */
  get(avatarId: string): Promise<Buffer | undefined>;
  /** A content fingerprint for the ETag, or `undefined` when there is no such avatar. */
  fingerprint(avatarId: string): Promise<string | undefined>;
  /** Removes one avatar; removing a missing one is not an error. */
  remove(avatarId: string): Promise<void>;
  /** Every avatar id in the store. */
  list(): AsyncIterable<string>;
  /** Releases files, connections and handles. */
  close(): Promise<void>;
}

/** What the rest of auth needs from the avatar proxy. */
export interface AvatarProxy {
  /**
   * Fetches the user's picture once (bounded in time, bytes and pixels, decoded to prove it is an
   * image, resized when configured), or makes an identicon when there is no usable picture, stores
   * it, and returns the link to the local copy: `<URL><AvatarRoutePath>/<avatar_id>.image`.
   */
  put(user: User, fetchPicture?: typeof fetch): Promise<string>;
  /** Serves `GET <AvatarRoutePath>/<avatar_id>.image` (ETag, cache headers, 304). */
  readonly handler: HttpHandler;
  close(): Promise<void>;
}
