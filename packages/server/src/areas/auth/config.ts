/**
 * @module areas/auth/config
 * Section `auth`: token and cookie lifetimes, cookie and header names, audiences and per-site
 * secrets, redirects, and the login providers. Secrets belong in the environment: `GATEHOUSE_SECRET`,
 * `GATEHOUSE_ADMIN_PASSWD`, and the variables this section names (`secretEnv`, `clientSecretEnv`);
 * the `secret` and `adminPasswd` keys exist so that a secret manager can render the file.
 */
import { resolve } from 'node:path';
import { defaults } from '@gatehouse/auth';
import * as z from 'zod';
import { duration, stringList, text } from '../../settings/fields.js';
import { devSection, envName, providerName, providersSection } from './providers-config.js';

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

/** A cookie or header name (RFC 7230 token characters). */
const headerName = text.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, {
  error: 'expected a name of letters, digits and -_.',
});

/** A site's own signing secret, from an environment variable. */
const siteEntry = z.strictObject({ secretEnv: envName });

export const authSection = z
  .strictObject({
    /** Lifetime of the JWT; an expired token in a live cookie is refreshed. */
    tokenDuration: duration(defaults.tokenDurationMs),
    /** Lifetime of the cookie and maximum age of a session; afterwards the user logs in again. */
    cookieDuration: duration(defaults.cookieDurationMs),
    /**
     * How long an instance trusts its own check that a session is not revoked: a session revoked
     * elsewhere ends within this; `0s` asks the state store on every request (slower).
     */
    revocationCheckInterval: duration(defaults.revocationCheckIntervalMs),
    /** `iss` of issued tokens; default `gatehouse` (the library's is `go-pkgz/auth`). */
    issuer: text.default('gatehouse'),
    /** Signing secret; default: the generated file `<dataDir>/secret`. Prefer `GATEHOUSE_SECRET`. */
    secret: z
      .string({ error: 'expected a string' })
      .min(32, { error: 'expected at least 32 characters' })
      .optional(),
    /** Per-site (`aud`) signing secrets; a site not listed signs with `secret`. */
    sites: z
      .record(text, siteEntry, {
        error: 'expected an object of sites, e.g. {"blog": {"secretEnv": "BLOG_SECRET"}}',
      })
      .default({}),
    /** Enables basic auth for user `admin` with this password. Prefer `GATEHOUSE_ADMIN_PASSWD`. */
    adminPasswd: z
      .string({ error: 'expected a string' })
      .min(12, { error: 'expected at least 12 characters' })
      .optional(),
    /** Allowed `aud` values (site ids); empty accepts any. */
    audiences: stringList.default(() => [...defaults.audiences]),
    /** Hosts a `from` redirect may point to besides the service's own. */
    allowedRedirectHosts: stringList.default(() => [...defaults.allowedRedirectHosts]),
    /** The cookies' SameSite, the library's `Lax`, `Strict`, `None` in lower case. */
    sameSite: z
      .enum(['lax', 'strict', 'none'], { error: 'expected "lax", "strict" or "none"' })
      .default('lax'),
    /** The cookie holding the JWT. */
    jwtCookieName: headerName.default(defaults.jwtCookieName),
    /** The cookie holding the XSRF token, which scripts copy into the XSRF header. */
    xsrfCookieName: headerName.default(defaults.xsrfCookieName),
    /** Share both cookies with subdomains, e.g. `example.com`; default host-only. */
    jwtCookieDomain: text
      .regex(/^\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, { error: 'expected a domain like "example.com"' })
      .optional(),
    /** The header a script sends the XSRF cookie's value in. */
    xsrfHeaderKey: headerName.default(defaults.xsrfHeaderKey),
    /** The header carrying a JWT (service-to-service calls). */
    jwtHeaderKey: headerName.default(defaults.jwtHeaderKey),
    /** Send every new token in the JWT header of the answer as well. */
    sendJWTHeader: z.boolean({ error: 'expected true or false' }).default(defaults.sendJWTHeader),
    /** The query parameter that may carry a JWT (`?token=`). */
    jwtQuery: headerName.default(defaults.jwtQuery),
    /** Methods that need no XSRF header (e.g. a form POST from a page without scripts). */
    xsrfIgnoreMethods: z
      .array(
        z.enum(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'], {
          error: 'expected an HTTP method in capitals',
        }),
        {
          error: 'expected a list of HTTP methods',
        },
      )
      .default([]),
    /** Turn XSRF checks off only for non-browser clients. */
    disableXSRF: z.boolean({ error: 'expected true or false' }).default(defaults.disableXSRF),
    direct: directSection,
    /** The dev OAuth 2.0 server and `dev` provider (`--dev-provider`, `--dev-port`); development only. */
    dev: devSection,
    /**
     * The auth hooks module (`.ts` or `.js`, relative to the working directory): validator, claims
     * updater, secret reader, senders, user mappers, whole providers... (see `auth/hooks.ts`).
     */
    hooks: text.optional(),
    /** Login providers: OAuth 2.0 (built-in, custom, OpenID Connect, Apple); secrets from environment variables. */
    providers: providersSection,
  })
  .superRefine((auth, ctx) => {
    // With audiences, a login's aud takes the listed spelling: a site must be listed as it is spelt.
    if (auth.audiences.length === 0) return;
    for (const site of Object.keys(auth.sites)) {
      if (!auth.audiences.includes(site)) {
        const message = `site "${site}" is not in auth.audiences, so no login can be for it`;
        ctx.addIssue({ code: 'custom', path: ['sites', site], message, input: site });
      }
    }
  })
  .prefault({});

export type AuthConfig = z.output<typeof authSection>;

/** The section with the files it names (hooks module, templates, keys) taken from `cwd`. */
export function resolveAuthPaths(auth: AuthConfig, cwd: string): AuthConfig {
  const file = (path: string | undefined) => (path === undefined ? undefined : resolve(cwd, path));
  const providers = auth.providers.map((entry) => {
    if (entry.kind === 'verify') return { ...entry, template: file(entry.template) };
    if (entry.kind === 'apple') return { ...entry, privateKeyFile: resolve(cwd, entry.privateKeyFile) };
    if (entry.kind === 'local' && entry.loginPage && 'template' in entry.loginPage)
      return { ...entry, loginPage: { template: resolve(cwd, entry.loginPage.template) } };
    return entry;
  });
  return { ...auth, hooks: file(auth.hooks), providers };
}
