/**
 * The PuppetDB v4 query routes, GET and POST, for every entity of route-table.ts (resources,
 * nodes, facts, fact-names, catalogs, environments), and the root endpoint `/{prefix}/query/v4`
 * (`["from", entity, ...]` or PQL). Path segments become `=` criteria ANDed with the user's query. Registered in an encapsulated context: its body parser and error handler
 * touch no other route.
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Logger, silentLogger } from '../logger.js';
import { defaults } from '../options.js';
import type { TopLevelQuery } from '../query/ast/ast-node.js';
import type { Entity } from '../query/ast/entity.js';
import type { QueryNode } from '../query/ast/query-node.js';
import type { CompileOptions } from '../query/compile-query.js';
import { QueryError } from '../query/errors.js';
import { type ParseLimits, parseQuery, parseQueryText } from '../query/parse.js';
import { parseRootQuery, parseRootText } from '../query/parse-root.js';
import { type QueryParameters, readQueryParameters } from '../query/query-params.js';
import { equalsCriterion, prepareQuery } from '../query/run-query.js';
import { forDialect } from '../store/placeholders.js';
import type { ResourceStore } from '../store/types.js';
import type { CompressionSettings } from './compression.js';
import { sendQueryError } from './errors.js';
import { checkAccept, readFormBody, readJsonBody } from './negotiation.js';
import { readDistinctWindow, registerReportRoutes } from './report-routes.js';
import { describeOnly, entityRouteSchema, refuseOtherMethods, rootRouteSchema } from './route-schemas.js';
import {
  PARENTS,
  type ParentEntity,
  QUERY_ROUTES,
  type QueryRoute,
  type RouteParams,
} from './route-table.js';
import { sendJsonArray, sendJsonObject } from './stream-response.js';

export { capitaliseType } from './route-table.js';

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
  const base = `/${prefix}/query/v4`;
  const settings = { store, logger, maxBodyBytes, maxQueryChars, limits, purgeTtl, now, compression, base };
  const requests = requestReader(settings);
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
    scope.setValidatorCompiler(describeOnly); // PuppetDB's own answers to bad input, not Fastify's
    registerEntityRoutes(scope, settings, requests);
    registerReportRoutes(scope, {
      store,
      base,
      readParameters: (request, extra) => requests.readParameters(request, 'entity', extra),
      readQuery: requests.readQuery,
      checkReport: async (hash) => {
        await requests.checkParent('reports', hash, 'reports');
      },
      compileOptions: requests.compileOptions,
      sendOptions: (parameters) => ({ pretty: parameters.pretty, logger, compression }),
    });
  });
}

/** The query routes' settings, resolved from their options. */
interface RouteSettings {
  readonly store: ResourceStore;
  readonly logger: Logger;
  readonly maxBodyBytes: number;
  readonly maxQueryChars: number;
  readonly limits: ParseLimits;
  /** Deactivated/expired nodes older than this are outside `node_state inactive` (0 = never). */
  readonly purgeTtl: number;
  readonly now: () => Date;
  readonly compression: CompressionSettings;
  /** `/{prefix}/query/v4`. */
  readonly base: string;
}

/** How every query route reads a request: its parameters, its query, its parent. */
interface RequestReader {
  /** The request's parameters: a POST's JSON body, or a GET's URL and form body. */
  readParameters(
    request: FastifyRequest,
    endpoint: 'entity' | 'root',
    extra?: readonly string[],
  ): Promise<QueryParameters>;
  readQuery(raw: unknown): TopLevelQuery;
  /** 404 unless the parent row exists; else the criterion naming it on `entity`. */
  checkParent(parent: ParentEntity, name: string, entity: Entity): Promise<QueryNode>;
  /** Compile options of a request made now: the inactive window (a purge TTL of 0 never purges). */
  compileOptions(parameters: QueryParameters): CompileOptions;
}

function requestReader(settings: RouteSettings): RequestReader {
  const { store, maxBodyBytes, maxQueryChars, limits, purgeTtl, now, base } = settings;
  return {
    async readParameters(request, endpoint, extra = []) {
      checkAccept(request.headers.accept);
      const isPost = request.method === 'POST';
      const values = isPost
        ? readJsonBody(request.body, request.headers['content-type'])
        : {
            ...(await readFormBody(request.raw, maxBodyBytes)),
            ...(request.query as Record<string, unknown>),
          };
      return readQueryParameters(values, isPost ? 'body' : 'url', endpoint, extra);
    },
    readQuery(raw) {
      if (typeof raw !== 'string') return parseQuery(raw, limits);
      if (raw.length > maxQueryChars)
        throw new QueryError('ERR_QUERY_TOO_LARGE', `Query is longer than ${maxQueryChars} characters`);
      return parseQueryText(raw, limits);
    },
    async checkParent(parent, name, entity) {
      const spec = PARENTS[parent];
      const sql = `SELECT 1 AS found FROM ${spec.table} WHERE ${spec.column} = ?`;
      const rows = await store.all(forDialect(store.dialect, sql), [name]);
      if (rows.length === 0)
        throw new QueryError(
          'ERR_QUERY_PARENT_NOT_FOUND',
          `No information is known about ${spec.noun} ${name}`,
        );
      return equalsCriterion(entity === parent ? spec.key : spec.field, name);
    },
    compileOptions: (parameters) => ({
      paging: parameters.paging,
      inactiveSince: new Date(purgeTtl === 0 ? 0 : now().getTime() - purgeTtl).toISOString(),
      hrefBase: base,
      distinctEvents: readDistinctWindow(parameters.extra),
    }),
  };
}

/** The root endpoint and every entity route of route-table.ts, with PuppetDB's 400 for other methods. */
function registerEntityRoutes(
  scope: FastifyInstance,
  settings: RouteSettings,
  requests: RequestReader,
): void {
  const { base } = settings;
  for (const url of [base, `${base}/`]) {
    scope.route({
      method: ['GET', 'POST'],
      url,
      schema: rootRouteSchema,
      handler: (request, reply) => answerRoot(settings, requests, request, reply),
    });
  }
  for (const route of QUERY_ROUTES) {
    const url = base + route.path;
    scope.route({
      method: ['GET', 'POST'],
      url,
      schema: entityRouteSchema(route, url),
      handler: (request, reply) => answerEntity(settings, requests, request, reply, route),
    });
    refuseOtherMethods(scope, url);
  }
}

/** An entity route: its path's criteria (and parent check) ANDed with the request's query. */
async function answerEntity(
  settings: RouteSettings,
  requests: RequestReader,
  request: FastifyRequest,
  reply: FastifyReply,
  route: QueryRoute,
): Promise<FastifyReply> {
  const parameters = await requests.readParameters(request, 'entity', route.parameters);
  const query = requests.readQuery(parameters.query);
  const params = request.params as RouteParams;
  const criteria = route.parent
    ? [await requests.checkParent(route.parent, params.parent!, route.entity)]
    : [];
  criteria.push(...route.criteria(params));
  const answer = { entity: route.entity, query, criteria, parameters, single: route.single ?? false };
  return sendAnswer(settings, requests, reply, answer);
}

/** `/{prefix}/query/v4`: `["from", entity, ...]` or PQL; paging parameters override the query's. */
async function answerRoot(
  settings: RouteSettings,
  requests: RequestReader,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const parameters = await requests.readParameters(request, 'root');
  const raw = parameters.query;
  if (raw === undefined || raw === null || raw === '') {
    throw new QueryError('ERR_QUERY_PARAMETER', "Missing required query parameter 'query'");
  }
  if (typeof raw === 'string' && raw.length > settings.maxQueryChars) {
    throw new QueryError('ERR_QUERY_TOO_LARGE', `Query is longer than ${settings.maxQueryChars} characters`);
  }
  const { limits } = settings;
  const root = typeof raw === 'string' ? parseRootText(raw, limits) : parseRootQuery(raw, limits);
  if (parameters.astOnly) return reply.type('application/json; charset=utf-8').send(JSON.stringify(root.ast));
  const url = parameters.paging;
  const paging = {
    ...url,
    limit: url.limit ?? root.paging.limit,
    offset: url.offset ?? root.paging.offset,
    orderBy: url.orderBy.length > 0 ? url.orderBy : (root.paging.orderBy ?? []),
  };
  const answer = {
    entity: root.entity,
    query: root.query,
    criteria: [],
    parameters: { ...parameters, paging },
  };
  return sendAnswer(settings, requests, reply, { ...answer, single: false });
}

/** A parsed query on an entity, with the criteria of its route. */
interface Answer {
  readonly entity: Entity;
  readonly query: TopLevelQuery;
  readonly criteria: readonly QueryNode[];
  readonly parameters: QueryParameters;
  /** A single-object route (`/nodes/<node>`): the one answer, not an array. */
  readonly single: boolean;
}

/** Runs a parsed query and streams the answer: every route ends here. */
async function sendAnswer(
  settings: RouteSettings,
  requests: RequestReader,
  reply: FastifyReply,
  { entity, query, criteria, parameters, single }: Answer,
): Promise<FastifyReply> {
  const { store, logger, compression } = settings;
  const prepared = prepareQuery(store, query, { entity, criteria, ...requests.compileOptions(parameters) });
  if (parameters.paging.includeTotal) reply.header('X-Records', String(await prepared.total()));
  const send = { pretty: parameters.pretty, logger, compression };
  if (single) return sendJsonObject(reply, prepared.objects(), send);
  return sendJsonArray(reply, prepared.batches(), send);
}
