/**
 * The whole pipeline behind one request: parse -> validate -> compile -> stream rendered rows.
 * Execution is the store's: `streamObjects` runs the SQL where the store runs reads (a worker
 * thread on SQLite, a cursor on PostgreSQL), under the query time bound.
 * @module
 */

import type { ResourceStore } from '../store/types.js';
import type { TopLevelQuery } from './ast/ast-node.js';
import type { JsonValue } from './ast/comparison.js';
import { Comparison } from './ast/comparison.js';
import type { Entity } from './ast/entity.js';
import { ColumnField } from './ast/field.js';
import type { QueryNode } from './ast/query-node.js';
import type { CompiledEntityQuery } from './compile-query.js';
import { compileQuery } from './compile-query.js';
import type { DistinctWindow } from './compile-select.js';
import type { Paging } from './paging.js';
import { validateQuery } from './validate.js';

/** `["=", field, value]` criteria the routes add for path segments (type, title, certname). */
export function equalsCriterion(field: string, value: JsonValue): QueryNode {
  return Comparison.create('=', ColumnField.create(field), value);
}

export interface PreparedQuery {
  readonly compiled: CompiledEntityQuery;
  /**
   * Rendered JSON values (objects, or strings for fact-names) in batches, streamed from the store
   * (on SQLite read and rendered in a worker thread, under the query time bound): what routes send.
   */
  batches(): AsyncIterable<readonly string[]>;
  /** Rendered JSON values, one per row. */
  objects(): AsyncIterable<string>;
  /** The total for X-Records (runs the count query). */
  total(): Promise<number>;
}

/** Validates and compiles a parsed query for `store`; throws QueryError before touching the database. */
export function prepareQuery(
  store: ResourceStore,
  query: TopLevelQuery,
  options: {
    /** The entity queried (default resources). */
    readonly entity?: Entity;
    readonly criteria?: readonly QueryNode[];
    readonly paging: Paging;
    readonly inactiveSince: string;
    /** Start of the `href`s nested in catalogs and reports (default `/pdb/query/v4`). */
    readonly hrefBase?: string;
    /** Events: `distinct_resources` with its window. */
    readonly distinctEvents?: DistinctWindow | undefined;
  },
): PreparedQuery {
  const validated = validateQuery(query, options.criteria ?? [], options.entity);
  const compiled = compileQuery(validated, store.dialect, options);
  const batches = () => store.streamObjects(compiled.rows.sql, compiled.rows.parameters);
  return {
    compiled,
    batches,
    async *objects() {
      for await (const batch of batches()) yield* batch;
    },
    async total() {
      if (!compiled.count) throw new Error('total() needs paging.includeTotal');
      const [row] = await store.all(compiled.count.sql, compiled.count.parameters);
      return Number(row?.total ?? 0);
    },
  };
}
