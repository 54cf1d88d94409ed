/**
 * @module avatar/proxy
 * The avatar proxy: at login it fetches the user's picture once (bounded by {@link AvatarFetchLimits}),
 * proves it is an image by decoding it, re-encodes and optionally shrinks it, stores it, and gives
 * back the link to the local copy. Whenever that fails, or there is no picture, the user gets an
 * identicon instead: a login never fails because a third party served something odd. Only the
 * store failing makes `put` reject.
 */
import { AuthError } from '../errors.js';
import type { Logger } from '../logger/logger.js';
import { silentLogger } from '../logger/logger.js';
import type { User } from '../token/user.js';
import { fetchPicture } from './fetch-picture.js';
import { withFingerprintCache } from './fingerprint-cache.js';
import { createAvatarHandler } from './handler.js';
import { keyedAvatarId } from './id.js';
import { generateIdenticon } from './identicon.js';
import { type AvatarFetchLimits, resolveFetchLimits } from './limits.js';
import { ImageRejectedError, normalizeImage } from './normalize-image.js';
import { lazyAvatarStore } from './stores/lazy-store.js';
import type { AvatarProxy, AvatarStore } from './types.js';

export interface AvatarProxyOptions {
  /** A store object, or a store URI (`file:///…`, `/…`, `bolt://…`, `mongodb://…`) opened in the background. */
  store: AvatarStore | string;
  /** External base URL of the service, e.g. `https://example.com`; a trailing slash is dropped. */
  baseURL: string;
  /** Route prefix of the avatar links and handler. Default `/avatar`. */
  routePath?: string;
  /** Longest side in pixels; larger avatars are shrunk once, when stored. Default 0 = never resize. */
  resizeLimit?: number;
  /** Default: silent. */
  logger?: Logger;
  /** Bounds on the picture download; see {@link AvatarFetchLimits} for the defaults. */
  fetchLimits?: Partial<AvatarFetchLimits>;
  /**
   * How long the avatar route trusts a fingerprint (ETag) it read, in milliseconds; 0 asks the store
   * every time. Default 30000. Avatars changed through this proxy are seen at once; changes by
   * another instance sharing the store within this time.
   */
  fingerprintCacheMs?: number;
  /**
   * Key of the avatar ids: an id is `HMAC-SHA256(key, user id)` (40 hex), so nobody without the key
   * can compute a user's avatar link and ask the route whether that user ever logged in. A function
   * is called once, at the first avatar. Without a key, ids are the plain SHA-1 of the user id.
   */
  idKey?: string | Uint8Array | (() => Promise<string | Uint8Array>);
}

/** The proxy as {@link createAvatarProxy} returns it: the contract plus uploads and its settings. */
export interface ImageAvatarProxy extends AvatarProxy {
  /**
   * Stores bytes the caller already has (a bot API download, an upload). Unlike `put` there is no
   * identicon fallback: bytes that are not an accepted image reject with an AuthError
   * `ERR_UNSUPPORTED_MEDIA_TYPE` (415).
   */
  putContent(userId: string, data: Buffer): Promise<string>;
  /** The link `put` returns for `userId`'s avatar id. */
  linkFor(avatarId: string): string;
  readonly store: AvatarStore;
}

function normalizeRoutePath(routePath: string): string {
  if (!routePath.startsWith('/')) {
    throw new TypeError(
      `@gatehouse/auth: avatar routePath must start with "/", got ${JSON.stringify(routePath)}`,
    );
  }
  return routePath.replace(/\/+$/, '');
}

function assertResizeLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new TypeError('@gatehouse/auth: avatar resizeLimit must be a whole number of pixels, 0 for none');
  }
  return limit;
}

/** Creates the proxy; synchronous, a store URI opens in the background (see `lazyAvatarStore`). */
export function createAvatarProxy(options: AvatarProxyOptions): ImageAvatarProxy {
  const logger = options.logger ?? silentLogger;
  const baseURL = options.baseURL.replace(/\/+$/, '');
  const routePath = normalizeRoutePath(options.routePath ?? '/avatar');
  const resizeLimit = assertResizeLimit(options.resizeLimit ?? 0);
  const limits = resolveFetchLimits(options.fetchLimits);
  const cacheMs = options.fingerprintCacheMs ?? 30_000;
  if (!Number.isFinite(cacheMs) || cacheMs < 0) {
    throw new TypeError('@gatehouse/auth: avatar fingerprintCacheMs must be 0 or more milliseconds');
  }
  // Last, once every option is valid: a URI store starts opening here.
  const given = typeof options.store === 'string' ? lazyAvatarStore(options.store, logger) : options.store;
  const store = cacheMs > 0 ? withFingerprintCache(given, { ttlMs: cacheMs, maxEntries: 10_000 }) : given;
  const normalize = (data: Buffer) => normalizeImage(data, { maxPixels: limits.maxPixels, resizeLimit });
  const linkFor = (avatarId: string) => `${baseURL}${routePath}/${avatarId}`;
  const givenKey = options.idKey;
  let key: Promise<string | Uint8Array> | undefined;
  /** The store key of a user's avatar: the keyed avatar id (stores keep an id as it is), else the user id. */
  async function storeKey(userId: string): Promise<string> {
    if (givenKey === undefined) return userId;
    key ??= typeof givenKey === 'function' ? givenKey() : Promise.resolve(givenKey);
    return keyedAvatarId(userId, await key);
  }

  async function identicon(userId: string): Promise<Buffer> {
    return (await normalize(await generateIdenticon(userId))).data;
  }

  async function pictureOrIdenticon(user: User, fetchImpl: typeof fetch): Promise<Buffer> {
    if (!user.picture) return identicon(user.id);
    try {
      const fetched = await fetchPicture(user.picture, fetchImpl, limits);
      return (await normalize(fetched)).data;
    } catch (err) {
      logger.logf('[WARN] avatar of %s not taken, using an identicon: %s', user.id, (err as Error).message);
      return identicon(user.id);
    }
  }

  function assertUserId(userId: string): void {
    if (!userId) throw new TypeError('@gatehouse/auth: an avatar needs a user id');
  }

  return {
    store,
    linkFor,
    handler: createAvatarHandler({ store, routePath, logger }),
    async put(user, fetchImpl = globalThis.fetch) {
      assertUserId(user.id);
      const data = await pictureOrIdenticon(user, fetchImpl);
      return linkFor(await store.put(await storeKey(user.id), data));
    },
    async putContent(userId, data) {
      assertUserId(userId);
      let normalized: Buffer;
      try {
        normalized = (await normalize(data)).data;
      } catch (err) {
        if (!(err instanceof ImageRejectedError)) throw err;
        throw new AuthError('ERR_UNSUPPORTED_MEDIA_TYPE', 'not an image', { cause: err });
      }
      return linkFor(await store.put(await storeKey(userId), normalized));
    },
    close: () => store.close(),
  };
}
