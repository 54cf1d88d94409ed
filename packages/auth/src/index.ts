/**
 * @module @gatehouse/auth
 * Login through many providers, a JWT in a cookie guarded by XSRF, middleware for Fastify and
 * Express. Named exports only.
 */
export { type ConnectMiddleware, type ExpressAuth, getUser } from './adapters/express.js';
export type { FastifyAuth, FastifyGuardHook } from './adapters/fastify.js';
export {
  AVATAR_CACHE_CONTROL,
  AVATAR_ID_PATTERN,
  type AvatarFetchLimits,
  type AvatarHandlerOptions,
  type AvatarProxy,
  type AvatarProxyOptions,
  type AvatarStore,
  avatarIdFor,
  BoltAvatarStore,
  createAvatarHandler,
  createAvatarProxy,
  defaultAvatarFetchLimits,
  describeAvatarStoreURI,
  FileAvatarStore,
  generateIdenticon,
  IDENTICON_SIZE,
  type ImageAvatarProxy,
  isAvatarId,
  type MigrateOptions,
  type MigrationProgress,
  type MigrationSummary,
  MongoAvatarStore,
  migrateAvatars,
  openAvatarStore,
} from './avatar/index.js';
export { AuthError, type AuthErrorCode, authErrors } from './errors.js';
export type { HttpHandler, HttpRequest, HttpResponse } from './http/exchange.js';
export { type Logger, silentLogger } from './logger/logger.js';
export type { GuardMode, GuardOutcome } from './middleware/guard.js';
export {
  type BasicAuthChecker,
  defaults,
  type ErrorHandler,
  type Opts,
  type ResolvedOpts,
  type UserUpdater,
  type Validator,
} from './options.js';
export {
  type CredChecker,
  type CredCheckResult,
  DirectProvider,
  type DirectProviderOptions,
  sessionOnlyFlag,
} from './providers/direct.js';
export type { LoginRequest, Provider, ProviderContext } from './providers/provider.js';
export { checkProviderName } from './providers/registry.js';
export { redirectTarget } from './redirect.js';
export { Service } from './service.js';
export { type Claims, HANDSHAKE_CLAIM } from './token/claims.js';
export type { SameSite } from './token/cookies.js';
export type { SecretReader } from './token/secret.js';
export { type ClaimsUpdater, type IssuedToken, randomId, type TokenService } from './token/token-service.js';
export {
  ADMIN_ATTR,
  getBoolAttr,
  getListAttr,
  getNumAttr,
  getStrAttr,
  hashId,
  isAdmin,
  setAdmin,
  setAttr,
  type User,
} from './token/user.js';
