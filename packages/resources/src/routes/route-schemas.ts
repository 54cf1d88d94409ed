/**
 * The JSON schemas of the query, meta and status routes, for an OpenAPI description of the API
 * (@fastify/swagger reads them). They describe; they do not validate: PuppetDB answers bad input with
 * its own status codes and plain-text messages (`Unsupported query parameter 'x'`...), which
 * Puppet's terminus and pypuppetdb rely on, so the query scope turns Fastify's validation off
 * ({@link describeOnly}) and the routes' own parsing stays the only judge.
 * @module
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { QueryRoute } from './route-table.js';

/** A validator compiler that accepts everything: the schemas only describe. */
export const describeOnly: FastifySchemaCompiler<unknown> = () => () => true;

const text = (description: string) => ({ type: 'string', description });

/** The URL parameters PuppetDB's query API takes (a POST sends them in a JSON body instead). */
const queryParameters = {
  type: 'object',
  properties: {
    query: text('AST query as JSON (`["=", "certname", "web1"]`), or PQL on the root route'),
    limit: { type: 'integer', minimum: 0, description: 'at most this many results' },
    offset: { type: 'integer', minimum: 0, description: 'skip this many results' },
    order_by: text('JSON array of `{"field": ..., "order": "asc"|"desc"}`'),
    include_total: { type: 'boolean', description: 'the total count in `X-Records`' },
    pretty: { type: 'boolean', description: 'indented JSON' },
  },
};

const rootParameters = {
  ...queryParameters,
  properties: {
    ...queryParameters.properties,
    ast_only: { type: 'boolean', description: 'answer the parsed query as AST instead of running it' },
  },
};

const plainError = (description: string) => ({
  description,
  content: { 'text/plain': { schema: { type: 'string' } } },
});

const queryResponses = {
  200: {
    description: 'The results as a JSON array (one object for a single-item route), streamed',
    content: { 'application/json': { schema: {} } },
  },
  400: plainError('Bad query or parameter, as PuppetDB words it'),
  404: plainError('`No information is known about ...` (a single-item route or its parent)'),
  413: plainError('Query longer than allowed'),
  503: plainError('Query timed out or the store is busy'),
};

const pathParameterDescriptions: Record<string, string> = {
  parent: 'the node, catalog, environment, factset or producer the results belong to',
  type: 'resource type (capitalised as Puppet does: `file`, `File`, `apache::vhost`)',
  name: 'fact name',
  '*': 'resource title or fact value (may hold slashes)',
  hash: 'the report hash',
};

/** The path parameters of a route URL (`:parent`, `:type`, `:name`, a trailing `*`). */
function pathParameters(url: string) {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (url.endsWith('*')) names.push('*');
  if (names.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(
      names.map((name) => [name, text(pathParameterDescriptions[name] ?? name)]),
    ),
    required: names,
  };
}

/** The schema of an entity query route (`GET|POST /{prefix}/query/v4/<path>`). */
export function entityRouteSchema(route: QueryRoute, url: string) {
  const params = pathParameters(url);
  return {
    tags: ['resources: query'],
    summary: `Query ${route.entity}${route.single ? ' (one item)' : ''}`,
    querystring: queryParameters,
    ...(params && { params }),
    response: queryResponses,
  };
}

/**
 * The schema of a report route that is not an entity query (`/reports/<hash>/metrics`,
 * `/event-counts`...): the common parameters and the route's own (`extra`: name → description).
 */
export function reportRouteSchema(url: string, summary: string, extra: Readonly<Record<string, string>>) {
  const params = pathParameters(url);
  const own = Object.fromEntries(
    Object.entries(extra).map(([name, description]) => [name, text(description)]),
  );
  return {
    tags: ['resources: query'],
    summary,
    querystring: { type: 'object', properties: { ...queryParameters.properties, ...own } },
    ...(params && { params }),
    response: queryResponses,
  };
}

/** The schema of the root query route (`["from", entity, ...]` or PQL). */
export const rootRouteSchema = {
  tags: ['resources: query'],
  summary: 'Query any entity: `["from", "nodes", ...]` or PQL (`nodes[certname] { ... }`)',
  querystring: rootParameters,
  response: queryResponses,
};

/** The schema of the answer PuppetDB gives to PUT, DELETE and PATCH on a query route. */
export function refusedMethodSchema(url: string) {
  const params = pathParameters(url);
  return {
    tags: ['resources: query'],
    summary: 'Refused: queries are GET or POST',
    ...(params && { params }),
    response: { 400: plainError('`PuppetDB queries must be made via GET/POST`') },
  };
}

/** PUT, DELETE and PATCH on the query route `url`: PuppetDB's 400. */
export function refuseOtherMethods(scope: FastifyInstance, url: string): void {
  scope.route({
    method: ['PUT', 'DELETE', 'PATCH'],
    url,
    schema: refusedMethodSchema(url),
    handler: (_request, reply) =>
      reply.code(400).type('text/plain; charset=utf-8').send('PuppetDB queries must be made via GET/POST'),
  });
}

/** The schema of the command route (`POST /{prefix}/cmd/v1`), PuppetDB's command API. */
export const commandRouteSchema = {
  tags: ['resources: commands'],
  summary: 'Submit a PuppetDB command (replace catalog, replace facts, deactivate node, store report)',
  querystring: {
    type: 'object',
    properties: {
      command: text('`replace_catalog`, `replace_facts`, `deactivate_node`, `store_report`; or in the body'),
      version: { type: 'integer', description: 'command version' },
      certname: text('the node'),
      'producer-timestamp': text('when the producer made it (ISO 8601)'),
      checksum: text('SHA-1 of the body, checked when given'),
      secondsToWaitForCompletion: {
        type: 'number',
        description: 'answer once applied, waiting at most this long',
      },
    },
  },
  body: {
    description:
      'The command payload (with `command` and `version` in the URL), or the whole envelope `{command, version, payload}`; gzip with `Content-Encoding: gzip`',
  },
  response: {
    200: { description: '`{"uuid": ...}` once stored (and applied, when waiting)' },
    400: { description: '`{"error": ...}`: an unknown command, version or field' },
    413: { description: 'Body over the limit' },
    503: { description: 'Waiting for completion timed out; the command stays queued' },
  },
};

const metaResponses = (what: string) => ({
  200: { description: what },
  400: plainError("`Unsupported query parameter '<name>'`: these routes take none"),
});

export const versionRouteSchema = {
  tags: ['resources: meta'],
  summary: 'The PuppetDB version this API answers as',
  response: metaResponses('`{"version": "7.12.1"}`'),
};

export const serverTimeRouteSchema = {
  tags: ['resources: meta'],
  summary: "The server's clock",
  response: metaResponses('`{"server_time": "<ISO 8601>"}`'),
};

export const statusRouteSchema = {
  tags: ['resources: meta'],
  summary: "PuppetDB's status: database up, command queue depth and age, dead letters",
  response: {
    200: { description: 'Running' },
    503: { description: 'The store does not answer (`"state": "error"`)' },
  },
};
