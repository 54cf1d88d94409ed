/**
 * The compiler's entry point: picks the dialect and builds the row query (with paging) and, for
 * include_total, the count query over the same unpaged SELECT.
 * @module
 */

import { forDialect } from '../store/placeholders.js';
import type { Dialect } from '../store/types.js';
import type { CompiledResourceQuery, CompileOptions, QueryCompiler } from './compile.js';
import { PostgresQueryCompiler } from './compile-postgres.js';
import { SqliteQueryCompiler } from './compile-sqlite.js';
import { invalid } from './errors.js';
import { fieldSpec } from './fields.js';
import type { Paging } from './paging.js';
import type { ValidatedQuery } from './validate.js';

export function createCompiler(dialect: Dialect, inactiveSince: string): QueryCompiler {
  return dialect === 'sqlite'
    ? new SqliteQueryCompiler(inactiveSince)
    : new PostgresQueryCompiler(inactiveSince);
}

/** Compiles a validated resources query for `dialect`. */
export function compileResourceQuery(
  query: ValidatedQuery,
  dialect: Dialect,
  options: CompileOptions,
): CompiledResourceQuery {
  checkOrderWithProjection(query, options.paging);
  const rowsCompiler = createCompiler(dialect, options.inactiveSince);
  const select = rowsCompiler.compileSelect(query);
  const paging = rowsCompiler.compilePaging(
    options.paging,
    (field) => `r.${fieldSpec('resources', field)!.column}`,
  );
  const rows = Object.freeze({
    sql: forDialect(dialect, select.sql + paging),
    parameters: rowsCompiler.parameters,
  });
  return Object.freeze({
    rows,
    columns: select.columns,
    count: options.paging.includeTotal ? compileCount(query, dialect, options) : undefined,
  });
}

function compileCount(query: ValidatedQuery, dialect: Dialect, options: CompileOptions) {
  const compiler = createCompiler(dialect, options.inactiveSince);
  if (!query.projection) {
    // Rows of the plain query: count them where they are, without building the output columns.
    const sql = `SELECT count(*) AS total FROM resources r WHERE ${compiler.compileFilter(query.filter)}`;
    return Object.freeze({ sql: forDialect(dialect, sql), parameters: compiler.parameters });
  }
  const { sql } = compiler.compileSelect(query);
  const count = `SELECT count(*) AS total FROM (${sql}) q`;
  return Object.freeze({ sql: forDialect(dialect, count), parameters: compiler.parameters });
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
