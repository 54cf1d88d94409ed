/**
 * @module areas/auth/providers-config
 * `auth.providers` and `auth.dev`: the login providers the service registers. Every OAuth 2.0 kind
 * takes the library's one option shape (`clientId`, `endpoints`, `scopes`), with the client secret
 * named by environment variable (`clientSecretEnv`), never written into the file.
 */
import { type BuiltinProviderName, builtinProviderNames, DEV_DEFAULT_PORT, defaults } from '@gatehouse/auth';
import * as z from 'zod';
import { duration, port, text } from '../../settings/fields.js';

/** A provider's name in the routes (`/auth/<name>/login`). */
export const providerName = z
  .string({ error: 'expected a provider name' })
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'expected a provider name of a-z, 0-9, "_" and "-"' });

/** The name of a provider that is not a built-in one (custom, OpenID Connect, local, verified, bot). */
const ownName = providerName.refine((name) => !(builtinProviderNames as readonly string[]).includes(name), {
  error: `expected a name that is not a built-in provider's (${builtinProviderNames.join(', ')})`,
});

/** The name of the environment variable that holds a secret. */
export const envName = text.regex(/^[A-Z_][A-Z0-9_]*$/, {
  error: 'expected an environment variable name like "GITHUB_CLIENT_SECRET"',
});

const url = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
const scopes = z.array(text, { error: 'expected a list of scopes' }).optional();

/** Built-in providers configured by client id and secret; Apple and dev have entries of their own. */
type KeyedBuiltin = Exclude<BuiltinProviderName, 'apple' | 'dev' | 'github' | 'microsoft'>;
const keyedBuiltins = builtinProviderNames.filter(
  (name): name is KeyedBuiltin => !['apple', 'dev', 'github', 'microsoft'].includes(name),
) as [KeyedBuiltin, ...KeyedBuiltin[]];

/** What every OAuth 2.0 entry has. */
const client = { clientId: text, clientSecretEnv: envName, scopes };

/** A built-in's own URLs, each replaceable (GitHub Enterprise, a proxy, a test server). */
const builtinEndpoints = z
  .strictObject({ authURL: url, tokenURL: url, infoURL: url, pictureURL: url })
  .partial()
  .optional();

const builtinEntry = z.strictObject({ kind: z.enum(keyedBuiltins), ...client, endpoints: builtinEndpoints });

const githubEntry = z.strictObject({
  kind: z.literal('github'),
  ...client,
  endpoints: builtinEndpoints,
  /** The stable numeric id (`gid:<id>`) instead of the login, which can be renamed and recycled. */
  numericId: z.boolean({ error: 'expected true or false' }).optional(),
});

const microsoftEntry = z.strictObject({
  kind: z.literal('microsoft'),
  ...client,
  endpoints: builtinEndpoints,
  /** Single-tenant apps name their tenant; default `common`. */
  tenant: text.optional(),
});

/** The name of a `mapUser` function the hooks module exports; default: the kind's own mapping. */
const mapUser = text.optional();

const customEntry = z.strictObject({
  kind: z.literal('custom'),
  name: ownName,
  ...client,
  endpoints: z.strictObject({ authURL: url, tokenURL: url, infoURL: url }),
  mapUser,
});

const oidcEntry = z.strictObject({
  kind: z.literal('oidc'),
  name: ownName,
  issuer: url,
  ...client,
  mapUser,
});

const appleEntry = z.strictObject({
  kind: z.literal('apple'),
  clientId: text,
  teamId: text,
  keyId: text,
  privateKeyFile: text,
});

const flag = z.boolean({ error: 'expected true or false' }).optional();

/** The bundled e-mail sender: the reference's ten parameters, the password from a variable. */
const smtpSection = z.strictObject({
  host: text,
  /** Default 25, or 465 with `tls`. */
  port: port.optional(),
  /** SMTP AUTH user; no AUTH without it. */
  username: text.optional(),
  /** The variable holding the SMTP password. */
  passwordEnv: envName.optional(),
  /** Refuse a server that does not offer STARTTLS (else TLS is still used when offered). */
  startTLS: flag,
  /** TLS from the first byte (SMTPS, port 465). */
  tls: flag,
  /** Accept any server certificate (a test server's); default false. */
  insecureSkipVerify: flag,
  from: text,
  subject: text.optional(),
  contentType: z
    .enum(['text/plain', 'text/html'], { error: 'expected "text/plain" or "text/html"' })
    .optional(),
  charset: z
    .enum(['utf-8', 'iso-8859-1', 'us-ascii'], { error: 'expected "utf-8", "iso-8859-1" or "us-ascii"' })
    .optional(),
});

/** The verified provider: a confirmation link sent by e-mail (`smtp`) or by a sender of the hooks module. */
const verifyEntry = z.strictObject({
  kind: z.literal('verify'),
  name: ownName,
  /** A file with the message; `{{.Address}}`, `{{.User}}`, `{{.Token}}`, `{{.Site}}`. */
  template: text.optional(),
  smtp: smtpSection.optional(),
  /** The name of a sender the hooks module exports in `senders`. */
  sender: text.optional(),
  /** Lifetime of a confirmation link. */
  tokenTtl: duration(defaults.verify.tokenTtlSeconds * 1000),
});

/** The messenger-bot provider (Telegram): the user presses Start in a chat with the bot. */
const telegramEntry = z.strictObject({
  kind: z.literal('telegram'),
  /** Route name; default `telegram`. */
  name: ownName.default('telegram'),
  /** The variable holding the bot token from @BotFather. */
  tokenEnv: envName,
  /** Sent to the chat after a login is confirmed. */
  successMsg: text.optional(),
  /** Sent to the chat for an unknown or expired login. */
  errorMsg: text.optional(),
  /** The Bot API's base URL; default `https://api.telegram.org` (tests point it elsewhere). */
  apiURL: url.optional(),
});

/** Another application the local server logs users in for. */
const localClient = z.strictObject({
  id: text,
  /** The variable holding its client secret. */
  secretEnv: envName,
  /** Its exact callback URLs. */
  redirectURIs: z
    .array(url, { error: 'expected a list of URLs' })
    .min(1, { error: 'expected at least one URL' }),
});

/** A custom login page: a template file, or a handler the hooks module exports in `loginPages`. */
const loginPage = z.union([z.strictObject({ template: text }), z.strictObject({ handler: text })], {
  error: 'expected {"template": "<file>"} or {"handler": "<name in loginPages>"}',
});

/** The local OAuth 2.0 server, started by the service and registered as a provider. */
const localEntry = z.strictObject({
  kind: z.literal('local'),
  /** Route name; not a built-in name. */
  name: ownName,
  /** Where the server listens, port included, e.g. `http://127.0.0.1:9096`; port 0 picks one. */
  url: z.url({ protocol: /^http$/, error: 'expected an http URL like "http://127.0.0.1:9096"' }),
  /** The service's own client id at the server. */
  clientId: text.default('gatehouse'),
  /** The variable holding the service's client secret; default a random one per start (one instance). */
  clientSecretEnv: envName.optional(),
  /** Other applications registered at the server. */
  clients: z.array(localClient, { error: 'expected a list of clients' }).default([]),
  /** Who may log in: names and passwords of the credentials file, of the hooks module's `credentialChecker`, or any name (development). */
  users: z
    .enum(['credentialsFile', 'hooks', 'any'], { error: 'expected "credentialsFile", "hooks" or "any"' })
    .default('credentialsFile'),
  /** Show a login page; false: the user name comes with the authorize request. */
  withLoginPage: z.boolean({ error: 'expected true or false' }).default(true),
  loginPage: loginPage.optional(),
  scopes,
  mapUser,
});

const providerEntry = z.discriminatedUnion(
  'kind',
  [
    builtinEntry,
    githubEntry,
    microsoftEntry,
    customEntry,
    oidcEntry,
    appleEntry,
    verifyEntry,
    telegramEntry,
    localEntry,
  ],
  {
    error: `expected an entry with "kind": one of ${[...builtinProviderNames.filter((n) => n !== 'dev'), 'custom', 'oidc', 'verify', 'telegram', 'local'].join(', ')}`,
  },
);

/** `auth.providers`: the providers to register. */
export const providersSection = z
  .array(providerEntry, { error: 'expected a list of providers' })
  .superRefine((entries, ctx) => {
    // Two providers under one name would share the routes `/auth/<name>/...`.
    const seen = new Map<string, number>();
    entries.forEach((entry, index) => {
      const name = 'name' in entry ? entry.name : entry.kind;
      const first = seen.get(name);
      if (first === undefined) seen.set(name, index);
      else {
        const message = `the name "${name}" is taken by auth.providers.${first}`;
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name' in entry ? 'name' : 'kind'],
          message,
          input: name,
        });
      }
    });
  })
  .default([]);

export type ProviderEntry = z.output<typeof providerEntry>;

/** `auth.dev`: the dev OAuth 2.0 server and provider. */
export const devSection = z
  .strictObject({
    enabled: z.boolean({ error: 'expected true or false' }).default(false),
    port: port.default(DEV_DEFAULT_PORT),
    /** The dev users' e-mail is `<name>@<emailDomain>`; without it (or a hooks `devEmailFor`) none. */
    emailDomain: text
      .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, { error: 'expected a domain like "example.com"' })
      .optional(),
  })
  .prefault({});
