/**
 * The report routes that are not an entity query: `/reports/<hash>/metrics` and `/logs` (the
 * report's stored lists, no query or paging, as PuppetDB), `/event-counts` and
 * `/aggregate-event-counts` (query/event-counts.ts). Registered by query-routes.ts inside its
 * scope, so they share its body parsing, error answers and streaming.
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TopLevelQuery } from '../query/ast/ast-node.js';
import type { CompileOptions } from '../query/compile-query.js';
import type { DistinctWindow } from '../query/compile-select.js';
import { QueryError } from '../query/errors.js';
import {
  compileAggregateEventCounts,
  compileEventCounts,
  readCountOptions,
  readSummarizeBy,
} from '../query/event-counts.js';
import type { QueryParameters } from '../query/query-params.js';
import { validateQuery } from '../query/validate.js';
import { forDialect } from '../store/placeholders.js';
import { canonicalTimestamp } from '../store/timestamps.js';
import type { ResourceStore } from '../store/types.js';
import { refuseOtherMethods, reportRouteSchema } from './route-schemas.js';
import { EVENTS_PARAMETERS } from './route-table.js';
import { type JsonArrayOptions, sendJsonArray } from './stream-response.js';

/** What the query scope lends these routes. */
export interface ReportRouteContext {
  readonly store: ResourceStore;
  /** `/{prefix}/query/v4`. */
  readonly base: string;
  readParameters(request: FastifyRequest, extra: readonly string[]): Promise<QueryParameters>;
  readQuery(raw: unknown): TopLevelQuery;
  /** 404 unless a report with this hash exists. */
  checkReport(hash: string): Promise<void>;
  /** Compile options of a request made now (inactive window, hrefs). */
  compileOptions(parameters: QueryParameters): CompileOptions;
  sendOptions(parameters: QueryParameters): JsonArrayOptions;
}

const COUNT_PARAMETERS = ['summarize_by', 'count_by', 'counts_filter', ...EVENTS_PARAMETERS];

/** `distinct_resources=true` needs both window ends (PuppetDB's rule); else no window. */
export function readDistinctWindow(extra: Readonly<Record<string, unknown>>): DistinctWindow | undefined {
  const on = extra.distinct_resources;
  if (on === undefined || String(on).toLowerCase() !== 'true') return undefined;
  const start = canonicalTimestamp(extra.distinct_start_time);
  const end = canonicalTimestamp(extra.distinct_end_time);
  if (extra.distinct_start_time === undefined || extra.distinct_end_time === undefined) {
    throw new QueryError(
      'ERR_QUERY_PARAMETER',
      "'distinct_resources' query parameter requires accompanying parameters 'distinct_start_time' and 'distinct_end_time'",
    );
  }
  if (start === null || end === null) {
    throw new QueryError(
      'ERR_QUERY_PARAMETER',
      "'distinct_start_time' and 'distinct_end_time' must be ISO-8601 date-times",
    );
  }
  return { start, end };
}

async function* once(texts: readonly string[]): AsyncIterable<readonly string[]> {
  yield texts;
}

export function registerReportRoutes(scope: FastifyInstance, context: ReportRouteContext): void {
  const { store, base } = context;

  const reportList = (column: 'metrics' | 'logs') => async (request: FastifyRequest, reply: FastifyReply) => {
    const parameters = await context.readParameters(request, []);
    const { hash } = request.params as { hash: string };
    await context.checkReport(hash);
    const cast = store.dialect === 'postgres' ? `CAST(${column} AS TEXT)` : column;
    const sql = forDialect(store.dialect, `SELECT ${cast} AS list FROM reports WHERE hash = ?`);
    const [row] = await store.all(sql, [hash]);
    const items = (JSON.parse(String(row?.list ?? '[]')) as unknown[]).map((item) => JSON.stringify(item));
    return sendJsonArray(reply, once(items), context.sendOptions(parameters));
  };

  const counts = (aggregate: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const parameters = await context.readParameters(request, COUNT_PARAMETERS);
    const { extra } = parameters;
    const summarizeBy = readSummarizeBy(extra.summarize_by, aggregate);
    const options = {
      ...context.compileOptions(parameters),
      ...readCountOptions(extra.count_by, extra.counts_filter),
      distinctEvents: readDistinctWindow(extra),
    };
    const validated = validateQuery(context.readQuery(parameters.query), [], 'events');
    if (aggregate) {
      const compiled = compileAggregateEventCounts(validated, store.dialect, summarizeBy, options);
      return sendJsonArray(
        reply,
        store.streamObjects(compiled.sql, compiled.parameters),
        context.sendOptions(parameters),
      );
    }
    const compiled = compileEventCounts(validated, store.dialect, summarizeBy[0]!, options);
    if (compiled.count) {
      const [row] = await store.all(compiled.count.sql, compiled.count.parameters);
      reply.header('X-Records', String(Number(row?.total ?? 0)));
    }
    const { rows } = compiled;
    return sendJsonArray(
      reply,
      store.streamObjects(rows.sql, rows.parameters),
      context.sendOptions(parameters),
    );
  };

  const countParameters = {
    summarize_by: '`certname`, `containing_class` or `resource` (aggregate: comma-separated)',
    count_by: '`resource` (default) or `certname`',
    counts_filter: 'JSON `["<op>", "failures"|"successes"|"noops"|"skips", n]`',
    distinct_resources: '`true`: only each resource’s latest event in the window',
    distinct_start_time: 'start of the distinct_resources window (ISO 8601)',
    distinct_end_time: 'end of the distinct_resources window (ISO 8601)',
  };
  type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const routes: [string, Handler, string, Record<string, string>][] = [
    ['/reports/:hash/metrics', reportList('metrics'), 'A report’s metrics', {}],
    ['/reports/:hash/logs', reportList('logs'), 'A report’s logs', {}],
    ['/event-counts', counts(false), 'Events counted per subject', countParameters],
    ['/aggregate-event-counts', counts(true), 'Event counts aggregated per subject kind', countParameters],
  ];
  for (const [path, handler, summary, extra] of routes) {
    const url = base + path;
    scope.route({ method: ['GET', 'POST'], url, schema: reportRouteSchema(url, summary, extra), handler });
    refuseOtherMethods(scope, url);
  }
}
