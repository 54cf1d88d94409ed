/**
 * @module avatar
 * The avatar part of the public API; `src/index.ts` re-exports these names.
 */

export type { AvatarHandlerOptions } from './handler.js';
export { AVATAR_CACHE_CONTROL, createAvatarHandler } from './handler.js';
export { AVATAR_ID_PATTERN, avatarIdFor, isAvatarId, keyedAvatarId } from './id.js';
export { generateIdenticon, IDENTICON_SIZE } from './identicon.js';
export type { AvatarFetchLimits } from './limits.js';
export { defaultAvatarFetchLimits } from './limits.js';
export type { MigrateOptions, MigrationProgress, MigrationSummary } from './migrate.js';
export { migrateAvatars } from './migrate.js';
export type { AvatarProxyOptions, ImageAvatarProxy } from './proxy.js';
export { createAvatarProxy } from './proxy.js';
export { BoltAvatarStore } from './stores/bolt-store.js';
export { FileAvatarStore } from './stores/file-store.js';
export { MongoAvatarStore } from './stores/mongo-store.js';
export type { OpenAvatarStoreOptions } from './stores/open-store.js';
export { describeAvatarStoreURI, openAvatarStore } from './stores/open-store.js';
export type { AvatarProxy, AvatarStore } from './types.js';
