/**
 * @module avatar/stores/lazy-store
 * A store that is still opening. The proxy factory is synchronous, so a store given as a URI opens
 * in the background; each call waits for it. When opening fails, the failure is logged once and
 * every call rejects with it (a login then fails with a clear cause instead of the process crashing
 * on an unhandled rejection).
 */
import type { Logger } from '../../logger/logger.js';
import type { AvatarStore } from '../types.js';
import { describeAvatarStoreURI, openAvatarStore } from './open-store.js';

export function lazyAvatarStore(uri: string, logger: Logger): AvatarStore & { toString(): string } {
  const label = describeAvatarStoreURI(uri);
  const opening = openAvatarStore(uri).catch((cause: unknown) => {
    const reason = cause instanceof Error ? cause.message : String(cause);
    logger.logf('[ERROR] avatar store %s could not be opened: %s', label, reason);
    throw new Error(`@gatehouse/auth: avatar store ${label} could not be opened: ${reason}`, { cause });
  });
  // The failure is reported to each caller; this only keeps it from counting as unhandled.
  opening.catch(() => {});

  return {
    put: async (userId, data) => (await opening).put(userId, data),
    get: async (avatarId) => (await opening).get(avatarId),
    fingerprint: async (avatarId) => (await opening).fingerprint(avatarId),
    remove: async (avatarId) => (await opening).remove(avatarId),
    async *list() {
      yield* (await opening).list();
    },
    close: async () => {
      const store = await opening.catch(() => undefined);
      await store?.close();
    },
    toString: () => `avatar store ${label}`,
  };
}
