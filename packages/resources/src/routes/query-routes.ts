/**
 * The PuppetDB v4 resource query routes, GET and POST:
 *   /{prefix}/query/v4/resources[/<type>[/<title>]]
 *   /{prefix}/query/v4/{nodes|catalogs|environments}/<name>/resources[/<type>[/<title>]]
 * Path segments become `=` criteria ANDed with the user's query. Registered in an encapsulated
 * context: its body parser and error handler touch no other route.
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Logger, silentLogger } from '../logger.js';
import { defaults } from '../options.js';
import type { QueryNode } from '../query/ast/query-node.js';
import { QueryError } from '../query/errors.js';
import { type ParseLimits, parseQuery, parseQueryText } from '../query/parse.js';
import { readQueryParameters } from '../query/query-params.js';
import { registerRegexp } from '../query/regex.js';
import { equalsCriterion, prepareQuery } from '../query/run-query.js';
import { forDialect } from '../store/placeholders.js';
import type { ResourceStore } from '../store/types.js';
import type { CompressionSettings } from './compression.js';
import { ParentNotFoundError, sendQueryError } from './errors.js';
import { checkAccept, readFormBody, readJsonBody } from './negotiation.js';
import { sendJsonArray } from './stream-response.js';

export interface QueryRoutesOptions {
  readonly store: ResourceStore;
  /** First path segment (default `pdb`). */
  readonly prefix?: string;
  /** Deactivated/expired nodes older than this are outside `node_state inactive` (default 14 days; 0 = never). */
  readonly nodePurgeTtlMs?: number;
  /** Largest POST body or GET form body (default 1 MiB). */
  readonly maxBodyBytes?: number;
  /** Largest query text in characters (default 256 KiB); more is a 413. */
  readonly maxQueryChars?: number;
  readonly parseLimits?: ParseLimits;
  readonly now?: () => Date;
  readonly logger?: Logger;
  /** gzip/br/deflate by Accept-Encoding from a minimum size (default: on, from 1 KiB). */
  readonly compression?: CompressionSettings;
}

/** Puppet capitalises the first letter of every `::` segment of a type; so do we on the path. */
export function capitaliseType(type: string): string {
  return type
    .split('::')
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1))
    .join('::');
}

type Parent = { readonly entity: 'nodes' | 'catalogs' | 'environments'; readonly name: string };

const PARENTS = {
  nodes: { table: 'certnames', column: 'certname', field: 'certname', noun: 'node' },
  catalogs: { table: 'catalogs', column: 'certname', field: 'certname', noun: 'catalog' },
  environments: { table: 'environments', column: 'name', field: 'environment', noun: 'environment' },
} as const;

interface RouteParams {
  readonly type?: string;
  readonly '*'?: string;
  readonly parent?: string;
}

export async function registerQueryRoutes(app: FastifyInstance, options: QueryRoutesOptions): Promise<void> {
  const { store } = options;
  const prefix = options.prefix ?? defaults.prefix;
  const logger = options.logger ?? silentLogger;
  const maxBodyBytes = options.maxBodyBytes ?? defaults.queryBodyLimit;
  const maxQueryChars = options.maxQueryChars ?? defaults.maxQueryChars;
  const limits = options.parseLimits ?? defaults.parseLimits;
  const purgeTtl = options.nodePurgeTtlMs ?? defaults.purgeTtlMs;
  const now = options.now ?? (() => new Date());
  const compression = options.compression ?? {
    enabled: defaults.compression,
    minBytes: defaults.compressionMinBytes,
  };
  registerRegexp(store);

  const readQuery = (raw: unknown) => {
    if (typeof raw !== 'string') return parseQuery(raw, limits);
    if (raw.length > maxQueryChars)
      throw new QueryError('ERR_QUERY_TOO_LARGE', `Query is longer than ${maxQueryChars} characters`);
    return parseQueryText(raw, limits);
  };

  const checkParent = async (parent: Parent) => {
    const spec = PARENTS[parent.entity];
    const sql = `SELECT 1 AS found FROM ${spec.table} WHERE ${spec.column} = ?`;
    const rows = await store.all(forDialect(store.dialect, sql), [parent.name]);
    if (rows.length === 0)
      throw new ParentNotFoundError(`No information is known about ${spec.noun} ${parent.name}`);
    return equalsCriterion(spec.field, parent.name);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply, parent: Parent | undefined) => {
    checkAccept(request.headers.accept);
    const isPost = request.method === 'POST';
    const values = isPost
      ? readJsonBody(request.body, request.headers['content-type'])
      : { ...(await readFormBody(request.raw, maxBodyBytes)), ...(request.query as Record<string, unknown>) };
    const parameters = readQueryParameters(values, isPost ? 'body' : 'url');
    const query = readQuery(parameters.query);
    const params = request.params as RouteParams;
    const criteria: QueryNode[] = parent ? [await checkParent(parent)] : [];
    if (params.type !== undefined) criteria.push(equalsCriterion('type', capitaliseType(params.type)));
    if (params['*'] !== undefined) criteria.push(equalsCriterion('title', params['*']));
    // A purge TTL of 0 means nodes are never purged: every deactivated node stays `inactive`.
    const inactiveSince = new Date(purgeTtl === 0 ? 0 : now().getTime() - purgeTtl).toISOString();
    const prepared = prepareQuery(store, query, { criteria, paging: parameters.paging, inactiveSince });
    if (parameters.paging.includeTotal) reply.header('X-Records', String(await prepared.total()));
    return sendJsonArray(reply, prepared.objects(), { pretty: parameters.pretty, logger, compression });
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: maxBodyBytes },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.setErrorHandler((error, _request, reply) => sendQueryError(reply, error, logger));
    const base = `/${prefix}/query/v4`;
    const tails = ['/resources', '/resources/:type', '/resources/:type/*'];
    for (const tail of tails) {
      scope.route({
        method: ['GET', 'POST'],
        url: base + tail,
        handler: (req, reply) => handle(req, reply, undefined),
      });
      for (const entity of Object.keys(PARENTS) as Parent['entity'][]) {
        scope.route({
          method: ['GET', 'POST'],
          url: `${base}/${entity}/:parent${tail}`,
          handler: (req, reply) => handle(req, reply, { entity, name: (req.params as RouteParams).parent! }),
        });
      }
      scope.route({
        method: ['PUT', 'DELETE', 'PATCH'],
        url: base + tail,
        handler: (_req, reply) =>
          reply
            .code(400)
            .type('text/plain; charset=utf-8')
            .send('PuppetDB queries must be made via GET/POST'),
      });
    }
  });
}
