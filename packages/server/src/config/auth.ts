/**
 * @module config/auth
 * Section `auth`: token and cookie lifetimes, audiences, redirects and the direct (`local`) login
 * provider. Secrets belong in the environment (`GATEHOUSE_SECRET`, `GATEHOUSE_ADMIN_PASSWD`), not in
 * the file; the keys exist so that a secret manager can render the file.
 */
import * as z from 'zod';
import { devSection, providersSection } from '../areas/oauth-providers.js';
import { duration, stringList, text } from './fields.js';

const providerName = z
  .string({ error: 'expected a provider name' })
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'expected a provider name of a-z, 0-9, "_" and "-"' });

const directSection = z
  .strictObject({
    /** Log in with a name and password checked against the credentials file. */
    enabled: z.boolean({ error: 'expected true or false' }).default(true),
    /** The provider's name in the routes: `/auth/<name>/login`. */
    name: providerName.default('local'),
    /** The credentials file; default `<dataDir>/users.passwd`. */
    credentialsFile: text.optional(),
  })
  .prefault({});

export const authSection = z
  .strictObject({
    /** Lifetime of the JWT; an expired token in a live cookie is refreshed. */
    tokenDuration: duration('15m'),
    /** Lifetime of the cookie and maximum age of a session; afterwards the user logs in again. */
    cookieDuration: duration('744h'),
    /** `iss` of issued tokens; default @gatehouse/auth's (`go-pkgz/auth`, which token consumers may check). */
    issuer: text.optional(),
    /** Signing secret; default: the generated file `<dataDir>/secret`. Prefer `GATEHOUSE_SECRET`. */
    secret: z
      .string({ error: 'expected a string' })
      .min(32, { error: 'expected at least 32 characters' })
      .optional(),
    /** Enables basic auth for user `admin` with this password. Prefer `GATEHOUSE_ADMIN_PASSWD`. */
    adminPasswd: z
      .string({ error: 'expected a string' })
      .min(12, { error: 'expected at least 12 characters' })
      .optional(),
    /** Allowed `aud` values (site ids); empty accepts any. */
    audiences: stringList.default([]),
    /** Hosts a `from` redirect may point to besides the service's own. */
    allowedRedirectHosts: stringList.default([]),
    sameSite: z
      .enum(['lax', 'strict', 'none'], { error: 'expected "lax", "strict" or "none"' })
      .default('lax'),
    /** Turn XSRF checks off only for non-browser clients. */
    disableXSRF: z.boolean({ error: 'expected true or false' }).default(false),
    direct: directSection,
    /** The dev OAuth 2.0 server and `dev` provider (`--dev-provider`, `--dev-port`); development only. */
    dev: devSection,
    /** OAuth 2.0 providers: built-in, custom, OpenID Connect, Apple; secrets from environment variables. */
    providers: providersSection,
  })
  .prefault({});

export type AuthConfig = z.output<typeof authSection>;
