/**
 * @module areas/forward-auth/config
 * Section `forwardAuth`: `GET /auth/forward`, the endpoint a reverse proxy (nginx `auth_request`,
 * Caddy `forward_auth`, Traefik ForwardAuth) asks before it lets a request through to an
 * application. `apps` names the protected applications, each with the guard mode it needs and the
 * hosts it is served on (hosts a login may return to); `trustedProxies` the peers whose
 * `X-Forwarded-*` and `X-Original-*` headers are believed (none by default); `headers` which user
 * fields go back to the proxy, under which header names.
 */
import { allowList } from '@gatehouse/webhooks';
import * as z from 'zod';
import { baseURL, text } from '../../settings/fields.js';

const expectedMode = 'expected "authenticated", "admin", "trace" or {"roles": [...]}';

/** A guard mode of `@gatehouse/auth` in the words of the access rules. */
const mode = z.union(
  [
    z.enum(['authenticated', 'admin', 'trace']),
    z.strictObject({ roles: z.array(text, { error: expectedMode }).min(1, { error: expectedMode }) }),
  ],
  { error: expectedMode },
);

export type ForwardMode = z.output<typeof mode>;

const expectedAddress = 'expected an IP address or CIDR range like "127.0.0.1" or "10.0.0.0/8"';

function isAddressOrRange(entry: string): boolean {
  try {
    allowList([entry]);
    return true;
  } catch {
    return false;
  }
}

const address = text.refine(isAddressOrRange, { error: expectedAddress });

/** `wiki.example.com` or `wiki.example.com:8443`, lower-cased, as `auth.allowedRedirectHosts`. */
const host = text
  .regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/, {
    error: 'expected a host name, optionally with :port',
  })
  .transform((value) => value.toLowerCase());

/** The user fields a header can carry. */
export const userFields = ['id', 'name', 'email', 'role', 'picture', 'aud', 'ip'] as const;

const expectedField = `expected ${userFields.join(', ')} or attrs.<name>`;
const field = text.refine(
  (value) => (userFields as readonly string[]).includes(value) || /^attrs\.[^.\s]+$/.test(value),
  { error: expectedField },
);

/** Response headers a proxy relies on for the exchange itself, never identity headers. */
const reservedHeaders = new Set([
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'location',
  'set-cookie',
  'transfer-encoding',
  'www-authenticate',
]);

const headerName = text
  .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, { error: 'expected an HTTP header name' })
  .refine((name) => !reservedHeaders.has(name.toLowerCase()), {
    error: `expected a header name other than ${[...reservedHeaders].join(', ')}`,
  });

/** oauth2-proxy's `X-Auth-Request-*` names (its `--set-xauthrequest`), so existing proxy configs work. */
export const defaultHeaders: Record<string, string> = {
  'X-Auth-Request-User': 'id',
  'X-Auth-Request-Preferred-Username': 'name',
  'X-Auth-Request-Email': 'email',
  'X-Auth-Request-Groups': 'attrs.groups',
  'X-Auth-Request-Role': 'role',
};

const appName = z.string({ error: 'expected an application name' }).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, {
  error: 'expected an application name of A-Z, a-z, 0-9, "_", "." and "-"',
});

const app = z.strictObject({
  /** What the application needs: a user, an admin, one of some roles, or nothing (`trace`). */
  mode: mode.default('authenticated'),
  /** Hosts it is served on: chosen by `X-Forwarded-Host` when no `app` is named, and allowed as `from`. */
  hosts: z.array(host, { error: 'expected a list of host names' }).default([]),
});

export const forwardAuthSection = z
  .strictObject({
    /** Serve `GET /auth/forward`. */
    enabled: z.boolean({ error: 'expected true or false' }).default(true),
    /** Peers (the proxies) whose forwarding headers are believed; none by default. */
    trustedProxies: z.array(address, { error: 'expected a list of addresses or CIDR ranges' }).default([]),
    /** The mode when the request names no application and its host is no application's. */
    mode: mode.default('authenticated'),
    /** Protected applications, by name: `?app=<name>` or `X-Gatehouse-App: <name>` selects one. */
    apps: z.record(appName, app, { error: 'expected an object of applications by name' }).default({}),
    /** Header name -> user field, in the 2xx answer; replaces the default set as a whole. */
    headers: z
      .record(headerName, field, { error: 'expected an object of header name -> user field' })
      .default(defaultHeaders),
    /** Where a browser logs in (the 401's `Location`, with `from`); default: the demo page `<url>/`. */
    loginURL: baseURL.optional(),
  })
  .prefault({});

export type ForwardAuthConfig = z.output<typeof forwardAuthSection>;

/** Every host of every application: a login may return to them (`auth.allowedRedirectHosts`). */
export function applicationHosts(config: ForwardAuthConfig): string[] {
  if (!config.enabled) return [];
  return Object.values(config.apps).flatMap((entry) => entry.hosts);
}
