/**
 * @module openapi/auth-paths
 * The OpenAPI path items of `@gatehouse/auth`'s routes. The library answers them from one catch-all
 * route per mount point (the same code serves Express), so they are described here, one operation
 * each, with the provider names this service runs; the catch-alls themselves stay out of the
 * document (`openapi/install.ts`).
 */
import type { DescribedRoutes } from './install.js';

const errorAnswer = {
  description: 'Refused: `{"error": "..."}`',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const userAnswer = {
  description: 'The user of the token',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
};

const tokenSecurity = [{ jwtCookie: [], xsrfHeader: [] }, { jwtHeader: [] }, { basic: [] }];

/** Login parameters of the direct provider (credentials file) and the common ones of every provider. */
const loginParameters = [
  { name: 'user', in: 'query', schema: { type: 'string' }, description: 'direct provider: the user name' },
  { name: 'passwd', in: 'query', schema: { type: 'string' }, description: 'direct provider: the password' },
  {
    name: 'from',
    in: 'query',
    schema: { type: 'string' },
    description: 'where to send the browser afterwards',
  },
  { name: 'site', in: 'query', schema: { type: 'string' }, description: 'the audience (`aud`) of the token' },
  { name: 'session', in: 'query', schema: { type: 'string' }, description: '1: session cookies only' },
];

const loginForm = {
  content: {
    'application/x-www-form-urlencoded': {
      schema: {
        type: 'object',
        properties: { user: { type: 'string' }, passwd: { type: 'string' }, aud: { type: 'string' } },
      },
    },
    'application/json': {
      schema: {
        type: 'object',
        properties: { user: { type: 'string' }, passwd: { type: 'string' }, aud: { type: 'string' } },
      },
    },
  },
};

function providerParameter(providers: readonly string[]) {
  return {
    name: 'provider',
    in: 'path',
    required: true,
    schema: { type: 'string', ...(providers.length > 0 && { enum: [...providers] }) },
    description: 'a login provider of this service (`GET /auth/list`)',
  };
}

/** The auth routes under `mountPath` and the avatar route. */
export function authRoutes(
  mountPath: string,
  avatarRoutePath: string,
  providers: () => readonly string[],
): DescribedRoutes {
  const tags = ['auth'];
  return {
    schemas: { User: userSchema },
    isCatchAll: (url) => url === mountPath || url === `${mountPath}/*` || url === `${avatarRoutePath}/*`,
    paths: () => {
      const provider = providerParameter(providers());
      const login = (method: 'get' | 'post') => ({
        tags,
        summary: `Log in with a provider (${method === 'get' ? 'direct: credentials in the query; OAuth: redirect to the provider' : 'direct: credentials in the body'})`,
        parameters: [provider, ...loginParameters],
        ...(method === 'post' && { requestBody: loginForm }),
        responses: {
          '200': {
            ...userAnswer,
            description: 'Logged in: the user; the JWT and XSRF-TOKEN cookies are set',
          },
          '302': { description: 'Sent on to the OAuth provider, or back to `from` once logged in' },
          '400': errorAnswer,
          '403': { ...errorAnswer, description: 'Wrong user or password, or a cross-site request' },
          '404': { ...errorAnswer, description: 'Unknown provider' },
          '429': { ...errorAnswer, description: 'Too many failed logins; see `Retry-After`' },
        },
      });
      return {
        [`${mountPath}/list`]: {
          get: {
            tags,
            summary: 'The login providers of this service',
            responses: {
              '200': {
                description: 'Provider names',
                content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
              },
            },
          },
        },
        [`${mountPath}/user`]: {
          get: {
            tags,
            summary: 'The logged-in user',
            security: tokenSecurity,
            responses: { '200': userAnswer, '401': errorAnswer, '403': errorAnswer },
          },
        },
        [`${mountPath}/status`]: {
          get: {
            tags,
            summary: 'Whether the request carries a valid token',
            responses: {
              '200': {
                description: '`{"status": "logged in", "user": name}` or `{"status": "not logged in"}`',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { status: { type: 'string' }, user: { type: 'string' } },
                      required: ['status'],
                    },
                  },
                },
              },
            },
          },
        },
        [`${mountPath}/logout`]: {
          get: {
            tags,
            summary: 'End the session server-side and clear the cookies',
            responses: { '200': { description: 'Logged out' }, '403': errorAnswer },
          },
        },
        [`${mountPath}/{provider}/login`]: { get: login('get'), post: login('post') },
        [`${mountPath}/{provider}/callback`]: {
          get: {
            tags,
            summary: 'Where an OAuth 2.0 / OpenID Connect provider sends the browser back',
            parameters: [
              provider,
              { name: 'code', in: 'query', schema: { type: 'string' } },
              { name: 'state', in: 'query', schema: { type: 'string' } },
            ],
            responses: {
              '200': userAnswer,
              '302': { description: 'Logged in, sent back to `from`' },
              '400': errorAnswer,
              '401': errorAnswer,
              '404': errorAnswer,
              '502': {
                ...errorAnswer,
                description: 'The provider could not be reached or answered nonsense',
              },
            },
          },
        },
        [`${mountPath}/{provider}/logout`]: {
          get: {
            tags,
            summary: 'Log out of this provider',
            parameters: [provider],
            responses: { '200': { description: 'Logged out' }, '404': errorAnswer },
          },
        },
        [`${avatarRoutePath}/{file}`]: {
          get: {
            tags,
            summary: 'A user picture (`picture` of the user)',
            parameters: [
              { name: 'file', in: 'path', required: true, schema: { type: 'string', pattern: '^[\\w.-]+$' } },
            ],
            responses: {
              '200': { description: 'The picture', content: { 'image/*': {} } },
              '304': { description: 'Not modified' },
              '404': errorAnswer,
            },
          },
        },
      };
    },
  };
}

/** The user answer of the auth routes. */
const userSchema = {
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
