/**
 * @module avatar/fingerprint-cache
 * Keeps recently asked fingerprints in memory for a few seconds, so a browser revalidating its
 * copy (`If-None-Match`, answered 304) costs no store round trip. That matters for a remote store
 * (MongoDB) shared by several instances: another instance's login may replace an avatar, and this
 * one then sends the old ETag for at most `ttlMs`, which only delays a browser's refresh. Puts
 * and removals through this wrapper drop the entry at once. Only hits are kept, and at most
 * `maxEntries` of them (the oldest go first).
 */
import type { AvatarStore } from './types.js';

export interface FingerprintCacheOptions {
  /** How long a fingerprint is trusted, in milliseconds. */
  ttlMs: number;
  /** Most fingerprints kept. */
  maxEntries: number;
  /** Clock, for tests. */
  now?: () => number;
}

interface Entry {
  fingerprint: string;
  expires: number;
}

/** `store` with a cached `fingerprint`; every other method passes through. */
export function withFingerprintCache(store: AvatarStore, options: FingerprintCacheOptions): AvatarStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function remember(avatarId: string, fingerprint: string): void {
    entries.delete(avatarId);
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(avatarId, { fingerprint, expires: now() + options.ttlMs });
  }

  return {
    async put(userId, data) {
      const avatarId = await store.put(userId, data);
      entries.delete(avatarId);
      return avatarId;
    },
    get: (avatarId) => store.get(avatarId),
    async fingerprint(avatarId) {
      const cached = entries.get(avatarId);
      if (cached && cached.expires > now()) return cached.fingerprint;
      const fingerprint = await store.fingerprint(avatarId);
      // A miss is not kept: an avatar another instance stores now must not answer 404 here.
      if (fingerprint === undefined) entries.delete(avatarId);
      else remember(avatarId, fingerprint);
      return fingerprint;
    },
    async remove(avatarId) {
      await store.remove(avatarId);
      entries.delete(avatarId);
    },
    list: () => store.list(),
    async close() {
      entries.clear();
      await store.close();
    },
  };
}
