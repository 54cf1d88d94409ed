/**
 * @module commands/replace-facts-postgres
 * A node's new facts on PostgreSQL: one call of `gatehouse_replace_facts` (migration 12,
 * store/facts-function-schema.ts), which locks the node, reactivates it, tells a stale factset and
 * writes the rows in the database, one round trip instead of three. The same end state as the
 * statement-by-statement replace SQLite runs (apply-lifecycle.ts), where a statement costs no
 * round trip.
 */

import type { SqlParam } from '../store/types.js';

/** The rows a factset is stored as. */
export interface FactRows {
  /** `facts` rows without the certname: name, value, value_string. */
  readonly facts: readonly (readonly SqlParam[])[];
  /** `fact_contents` rows without the certname: path, name, depth, value_type, value, value_string. */
  readonly leaves: readonly (readonly SqlParam[])[];
  readonly environment: string | null;
  readonly producer: string | null;
  /** The factset's hash and its facts as one canonical JSON object (`facts_json`). */
  readonly hash: string;
  readonly factsJson: string;
}

/** A call of a database function: its SQL with `$n` placeholders from `$first` on, and their values. */
export interface FunctionCall {
  readonly sql: string;
  readonly params: readonly SqlParam[];
}

/** Column `i` of `rows`, as one array parameter. */
const column = (rows: readonly (readonly SqlParam[])[], i: number) => rows.map((row) => row[i] ?? null);

/**
 * The call replacing the facts of `certname` (newest from `producerTimestamp`, arrived at
 * `received`) with `rows`; it returns the outcome (`stored` or `stale`). Its placeholders start at
 * `$first`, so the call can be an argument of another.
 */
export function replaceFactsCall(
  certname: string,
  producerTimestamp: string,
  received: string,
  rows: FactRows,
  first = 1,
): FunctionCall {
  const params = [
    certname,
    producerTimestamp,
    received,
    rows.environment,
    rows.producer,
    rows.hash,
    rows.factsJson,
    ...[0, 1, 2].map((i) => column(rows.facts, i)),
    ...[0, 1, 2, 3, 4, 5].map((i) => column(rows.leaves, i)),
    // pg binds a JavaScript array as a PostgreSQL array (the TEXT[] and INTEGER[] arguments).
  ] as unknown as SqlParam[];
  const placeholders = params.map((_, i) => `$${first + i}`).join(', ');
  return { sql: `gatehouse_replace_facts(${placeholders})`, params };
}
