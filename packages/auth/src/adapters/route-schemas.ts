/**
 * @module adapters/route-schemas
 * JSON schemas of the auth routes as the Fastify plugin registers them, one route per operation
 * (`list`, `user`, `status`, `logout`, `<provider>/login|callback|logout`, the avatar route), so an
 * app with `@fastify/swagger` describes them in its OpenAPI document. They describe and do not
 * validate: the routes answer bad input themselves, `{"error": ...}` with the status of the error
 * table (an unknown provider is a 404, a wrong password a 403), as go-pkgz/auth integrators expect,
 * so the plugin's scope turns Fastify's validation off ({@link describeOnly}).
 */
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/** A route schema with the OpenAPI words @fastify/swagger reads (tags, summary, description, hide). */
export type RouteSchema = FastifySchema & {
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly hide?: boolean;
};

/** A validator compiler that accepts everything: the schemas only describe. */
export const describeOnly: FastifySchemaCompiler<unknown> = () => () => true;

const tags = ['auth'];
const text = (description: string) => ({ type: 'string', description });

const error = (description: string) => ({
  description: `${description}: \`{"error": "..."}\``,
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
});

const user = {
  description: 'The user of the token',
  type: 'object',
  properties: {
    name: { type: 'string' },
    id: { type: 'string' },
    picture: { type: 'string' },
    email: { type: 'string' },
    aud: { type: 'string' },
    attrs: { type: 'object', additionalProperties: true },
  },
  required: ['name', 'id'],
};

function providerParams(providers: readonly string[]) {
  return {
    type: 'object',
    properties: {
      provider: {
        type: 'string',
        description: 'a login provider of this service (`GET <mountPath>/list`)',
        ...(providers.length > 0 && { enum: [...providers] }),
      },
    },
    required: ['provider'],
  };
}

/** The fields every provider's login takes, and the direct provider's credentials. */
const loginFields = {
  type: 'object',
  properties: {
    user: text('direct provider: the user name'),
    passwd: text('direct provider: the password'),
    from: text('where to send the browser once logged in'),
    site: text('the audience (`aud`) of the token'),
    aud: text('the same as `site`'),
    session: text('`1`: cookies that end with the browser session'),
  },
};

export function listSchema(): RouteSchema {
  return {
    tags,
    summary: 'The login providers',
    response: { 200: { description: 'Provider names', type: 'array', items: { type: 'string' } } },
  };
}

export function userSchema(): RouteSchema {
  return {
    tags,
    summary: 'The logged-in user',
    description:
      'The token comes in the JWT cookie with the XSRF header, in the JWT header, or in the query.',
    response: { 200: user, 401: error('No valid token'), 403: error('XSRF mismatch or blocked') },
  };
}

export function statusSchema(): RouteSchema {
  return {
    tags,
    summary: 'Whether the request carries a valid token',
    response: {
      200: {
        description: '`{"status": "logged in", "user": <name>}` or `{"status": "not logged in"}`',
        type: 'object',
        properties: { status: { type: 'string' }, user: { type: 'string' } },
        required: ['status'],
      },
    },
  };
}

export function logoutSchema(providers?: readonly string[]): RouteSchema {
  return {
    tags,
    summary: providers ? 'Log out of this provider' : 'End the session server-side and clear the cookies',
    ...(providers && { params: providerParams(providers) }),
    response: {
      200: { description: 'Logged out; both cookies cleared' },
      403: error('Sent by another site'),
    },
  };
}

/** The login route; `withBody` for its POST (Fastify takes no body schema on GET and HEAD). */
export function loginSchema(providers: readonly string[], withBody: boolean): RouteSchema {
  return {
    tags,
    summary: 'Log in: the direct provider checks `user` and `passwd`; an OAuth provider sends the browser on',
    params: providerParams(providers),
    querystring: loginFields,
    ...(withBody && {
      body: { description: 'direct provider: the same fields, form-encoded or JSON', ...loginFields },
    }),
    response: {
      200: { ...user, description: 'Logged in: the user; the JWT and XSRF-TOKEN cookies are set' },
      302: { description: 'Sent on to the provider' },
      303: { description: 'Logged in, sent back to an allowed `from`' },
      400: error('Bad request'),
      405: error('A method the provider does not take (`Allow` names those it does)'),
      403: error('Wrong user or password, or sent by another site'),
      404: error('Unknown provider'),
      429: error('Too many failed logins; see `Retry-After`'),
    },
  };
}

export function callbackSchema(providers: readonly string[]): RouteSchema {
  return {
    tags,
    summary: 'Where an OAuth 2.0 / OpenID Connect provider sends the browser back (Apple: a form POST)',
    params: providerParams(providers),
    querystring: {
      type: 'object',
      properties: { code: text('the authorization code'), state: text('the login it answers') },
    },
    response: {
      200: user,
      302: { description: 'Logged in, sent back to `from`' },
      400: error('Bad or replayed callback'),
      401: error('The provider refused'),
      404: error('Unknown provider, or one without a callback'),
      502: error('The provider could not be reached or answered nonsense'),
    },
  };
}

export function avatarSchema(): RouteSchema {
  return {
    tags,
    summary: 'A user picture (the `picture` of a user)',
    params: { type: 'object', properties: { file: text('`<id>.image`') }, required: ['file'] },
    response: {
      200: { description: 'The picture (`image/*`)' },
      304: { description: 'Not modified' },
      404: error('No such picture'),
      405: error('Not GET or HEAD'),
    },
  };
}

/** The catch-alls that answer every other path and method (404, 405) stay out of the document. */
export const catchAllSchema: RouteSchema = { hide: true };
