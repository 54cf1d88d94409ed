/**
 * @module @gatehouse/auth
 * Login through many providers, a JWT in a cookie guarded by XSRF, middleware for Fastify and
 * Express. Named exports only.
 */
export { type ConnectMiddleware, type ExpressAuth, getUser } from './adapters/express.js';
export type { FastifyAuth, FastifyGuardHook, ForwardedRequest } from './adapters/fastify.js';
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
  keyedAvatarId,
  type MigrateOptions,
  type MigrationProgress,
  type MigrationSummary,
  MongoAvatarStore,
  migrateAvatars,
  type OpenAvatarStoreOptions,
  openAvatarStore,
} from './avatar/index.js';
// OAuth 2.0 providers (README "Providers"): built-ins, custom, OpenID Connect, Apple, dev, local server.
export { type DevProviderOptions, devProvider } from './dev/dev-provider.js';
export { DEV_DEFAULT_PORT, type DevServerOptions, startDevOAuthServer } from './dev/dev-server.js';
export { AuthError, type AuthErrorCode, authErrors } from './errors.js';
export type { HttpHandler, HttpRequest, HttpResponse } from './http/exchange.js';
export { MissingPackageError, type OptionalPackage } from './internal/optional-package.js';
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
export { type AppleEndpoints, type AppleOptions, appleProvider } from './providers/apple/apple.js';
export { loadApplePrivateKeyFromFile, type PrivateKeyLoader } from './providers/apple/client-secret.js';
export { battlenetProvider } from './providers/builtin/battlenet.js';
export { type ByNameOptions, providerByName } from './providers/builtin/by-name.js';
export type { BuiltinEndpoints, BuiltinOptions } from './providers/builtin/define.js';
export { discordProvider } from './providers/builtin/discord.js';
export { facebookProvider } from './providers/builtin/facebook.js';
export { type GithubOptions, githubProvider } from './providers/builtin/github.js';
export { googleProvider } from './providers/builtin/google.js';
export { type MicrosoftOptions, microsoftProvider } from './providers/builtin/microsoft.js';
export { type BuiltinProviderName, builtinProviderNames } from './providers/builtin/names.js';
export { patreonProvider } from './providers/builtin/patreon.js';
export { twitterProvider } from './providers/builtin/twitter.js';
export { yandexProvider } from './providers/builtin/yandex.js';
export {
  type CustomEndpoints,
  type CustomOAuth2Options,
  customOAuth2Provider,
  type LegacyCustomOAuth2Options,
} from './providers/custom.js';
export {
  type CredChecker,
  type CredCheckResult,
  DirectProvider,
  type DirectProviderOptions,
} from './providers/direct.js';
export {
  type LegacyLocalOAuth2ProviderOptions,
  type LocalOAuth2ProviderOptions,
  localOAuth2Provider,
} from './providers/local-server/local-provider.js';
export type { RegisteredClient } from './providers/local-server/model.js';
export {
  LocalOAuth2Server,
  type LocalOAuth2ServerOptions,
  type LoginPageHandler,
} from './providers/local-server/server.js';
export { HANDSHAKE_COOKIE } from './providers/oauth2/handshake.js';
export { OAuth2Provider, type TokenHook } from './providers/oauth2/oauth2-provider.js';
export { UserData } from './providers/oauth2/user-data.js';
export { type OIDCOptions, oidcProvider } from './providers/oidc.js';
export type { LoginRequest, Provider, ProviderContext } from './providers/provider.js';
export { checkProviderName } from './providers/registry.js';
export { sessionOnlyFlag } from './providers/session-flag.js';
export { LoginRequests, REQUEST_TTL_MS } from './providers/telegram/login-requests.js';
export {
  HttpTelegramAPI,
  type HttpTelegramAPIOptions,
  type TelegramAPI,
  TelegramAPIError,
  type TelegramChat,
  type TelegramUpdate,
} from './providers/telegram/telegram-api.js';
export {
  DEFAULT_ERROR_MSG,
  DEFAULT_SUCCESS_MSG,
  TelegramProvider,
  type TelegramProviderOptions,
} from './providers/telegram/telegram-provider.js';
// Verified and messenger-bot providers (README "Verified and messenger-bot providers").
export {
  type ConfirmationStore,
  MemoryConfirmationStore,
} from './providers/verify/confirmation-store.js';
export { DEFAULT_TEMPLATE, MessageTemplate, type TemplateValues } from './providers/verify/template.js';
export { VerifyProvider, type VerifyProviderOptions } from './providers/verify/verify-provider.js';
export { redirectTarget } from './redirect.js';
export { EmailSender, type EmailSenderOptions } from './senders/email.js';
export type { Sender, SendFunc } from './senders/sender.js';
export { Service } from './service.js';
// Shared state (README "State and throttling"): the store seam, ended sessions, login throttling.
export { MemoryStateStore, type MemoryStateStoreOptions } from './state/memory-store.js';
export { Revocations, type RevokedSessions, revocationOf } from './state/revocations.js';
export type { StateStore } from './state/state-store.js';
export { LoginThrottle, type ThrottleOptions, throttleDefaults } from './throttle/login-throttle.js';
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
