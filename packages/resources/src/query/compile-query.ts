/**
 * The compiler's entry point: picks the dialect and builds the row query (with paging) and, for
 * include_total, the count query over the same unpaged SELECT.
 * @module
 */

import { forDialect } from '../store/placeholders.js';
import type { Dialect, SqlParam } from '../store/types.js';
import type { Entity } from './ast/entity.js';
import { PostgresQueryCompiler } from './compile-postgres.js';
import { type DistinctWindow, isAggregated, type SelectCompiler } from './compile-select.js';
import { SqliteQueryCompiler } from './compile-sqlite.js';
import { invalid, QueryError } from './errors.js';
import { orderableFields } from './fields.js';
import type { Paging } from './paging.js';
import type { ValidatedQuery } from './validate.js';

export interface CompiledQuery {
  readonly sql: string;
  readonly parameters: readonly SqlParam[];
}

export interface CompiledEntityQuery {
  readonly entity: Entity;
  /** The answers: one column per row, each answer's JSON text (an object, or a bare value for fact-names). */
  readonly rows: CompiledQuery;
  /** `SELECT count(*) AS total` over the unpaged query, when include_total was asked. */
  readonly count: CompiledQuery | undefined;
}

export interface CompileOptions {
  readonly paging: Paging;
  /** ISO time: `inactive` nodes are those deactivated or expired after it (now - purge TTL). */
  readonly inactiveSince: string;
  /** Path before `/catalogs/<node>/resources` in the `href` of a catalog's lists (default `/pdb/query/v4`). */
  readonly hrefBase?: string;
  /** `distinct_resources`: events are only each resource's latest within this window. */
  readonly distinctEvents?: DistinctWindow;
}

export function createCompiler(dialect: Dialect, options: CompileOptions): SelectCompiler {
  const { inactiveSince, hrefBase, distinctEvents } = options;
  return dialect === 'sqlite'
    ? new SqliteQueryCompiler(inactiveSince, hrefBase, distinctEvents)
    : new PostgresQueryCompiler(inactiveSince, hrefBase, distinctEvents);
}

/** Compiles a validated query for `dialect`. */
export function compileQuery(
  query: ValidatedQuery,
  dialect: Dialect,
  options: CompileOptions,
): CompiledEntityQuery {
  const { entity } = query;
  checkOrderFields(entity, options.paging);
  checkOrderWithProjection(query, options.paging);
  const rowsCompiler = createCompiler(dialect, options);
  const select = rowsCompiler.compileSelect(query, options.paging);
  const rows = Object.freeze({ sql: forDialect(dialect, select.sql), parameters: rowsCompiler.parameters });
  return Object.freeze({
    entity,
    rows,
    count: options.paging.includeTotal ? compileCount(query, dialect, options) : undefined,
  });
}

function compileCount(query: ValidatedQuery, dialect: Dialect, options: CompileOptions) {
  const compiler = createCompiler(dialect, options);
  if (query.projection === undefined || !isAggregated(query.projection)) {
    // One answer per row: count the rows where they are, without rendering any answer.
    const where = compiler.compileFilter(query.entity, query.filter);
    const sql = `SELECT count(*) AS total ${compiler.fromClause(query.entity)} WHERE ${where}`;
    return Object.freeze({ sql: forDialect(dialect, sql), parameters: compiler.parameters });
  }
  // One answer per group (or one for an aggregate without groups): few answers to render.
  const { sql } = compiler.compileSelect(query);
  const count = `SELECT count(*) AS total FROM (${sql}) q`;
  return Object.freeze({ sql: forDialect(dialect, count), parameters: compiler.parameters });
}

/** PuppetDB's text for an order_by field the entity cannot be sorted by. */
function checkOrderFields(entity: Entity, paging: Paging): void {
  const supported = orderableFields(entity);
  for (const term of paging.orderBy) {
    if (!supported.includes(term.field)) {
      throw new QueryError(
        'ERR_QUERY_PARAMETER',
        `Unrecognized column '${term.field}' specified in :order_by; Supported columns are ${supported.map((f) => `'${f}'`).join(', ')}`,
      );
    }
  }
}

/** An aggregated projection can only be ordered by what it groups by. */
function checkOrderWithProjection(query: ValidatedQuery, paging: Paging): void {
  const projection = query.projection;
  if (!projection) return;
  if (!projection.columns.some((c) => c.kind === 'FunctionColumn')) return;
  for (const term of paging.orderBy) {
    if (!projection.groupBy.includes(term.field)) {
      throw invalid(`order_by field '${term.field}' must appear in group_by when functions are extracted`);
    }
  }
}
