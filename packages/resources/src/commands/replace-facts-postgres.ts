/**
 * @module commands/replace-facts-postgres
 * A node's new facts on PostgreSQL in one statement, one round trip instead of seven (a waited
 * `replace facts` is answered only after them): data-modifying WITH clauses delete the facts and
 * leaves the node no longer has, upsert new and changed ones (an unchanged row, most of an agent's
 * facts from one run to the next, is not rewritten), record leaf paths not seen before, remember
 * the environment and set the node's facts columns. Each clause touches rows no other one does,
 * so their order inside the statement does not matter. Same end state as the statement-by-statement
 * replace SQLite runs (apply-lifecycle.ts), where a statement costs no round trip.
 */

import type { SqlParam, SqlRunner } from '../store/types.js';
import type { NodeColumn } from './node-status.js';

/** The rows a factset is stored as. */
export interface FactRows {
  /** `facts` rows without the certname: name, value, value_string. */
  readonly facts: readonly (readonly SqlParam[])[];
  /** `fact_contents` rows without the certname: path, name, depth, value_type, value, value_string. */
  readonly leaves: readonly (readonly SqlParam[])[];
  /** The node's columns to set (arrival, producer, hash). */
  readonly node: readonly NodeColumn[];
  readonly environment: string | null;
}

/** Column `i` of `rows`, as one array parameter. */
const column = (rows: readonly (readonly SqlParam[])[], i: number) => rows.map((row) => row[i] ?? null);

/** Replaces the facts of `certname` (locked by the caller) with `rows`. */
export async function replaceFactsPostgres(tx: SqlRunner, certname: string, rows: FactRows): Promise<void> {
  const nodeSets = rows.node.map(([name], i) => `${name} = $${11 + i}`).join(', ');
  await tx.run(
    `WITH new_facts AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::text[]) AS n(name, value, value_string)
     ), new_leaves AS (
       SELECT * FROM unnest($5::text[], $6::text[], $7::integer[], $8::text[], $9::text[], $10::text[])
         AS n(path, name, depth, value_type, value, value_string)
     ), gone_facts AS (
       DELETE FROM facts f
       WHERE f.certname = $1 AND NOT EXISTS (SELECT 1 FROM new_facts n WHERE n.name = f.name)
     ), put_facts AS (
       INSERT INTO facts (certname, name, value, value_string)
       SELECT $1, name, value, value_string FROM new_facts
       ON CONFLICT (certname, name) DO UPDATE SET value = excluded.value, value_string = excluded.value_string
       WHERE (facts.value, facts.value_string) IS DISTINCT FROM (excluded.value, excluded.value_string)
     ), gone_leaves AS (
       DELETE FROM fact_contents c
       WHERE c.certname = $1 AND NOT EXISTS (SELECT 1 FROM new_leaves n WHERE n.path = c.path)
     ), put_leaves AS (
       INSERT INTO fact_contents (certname, path, name, depth, value_type, value, value_string)
       SELECT $1, path, name, depth, value_type, value, value_string FROM new_leaves
       ON CONFLICT (certname, path) DO UPDATE
         SET value_type = excluded.value_type, value = excluded.value, value_string = excluded.value_string
       WHERE (fact_contents.value_type, fact_contents.value, fact_contents.value_string)
         IS DISTINCT FROM (excluded.value_type, excluded.value, excluded.value_string)
     ), new_paths AS (
       INSERT INTO fact_paths (path, value_type, name, depth)
       SELECT DISTINCT path, value_type, name, depth FROM new_leaves
       ON CONFLICT DO NOTHING
     ), environment AS (
       INSERT INTO environments (name) SELECT $${11 + rows.node.length}::text
       WHERE $${11 + rows.node.length}::text IS NOT NULL
       ON CONFLICT (name) DO NOTHING
     )
     UPDATE certnames SET ${nodeSets} WHERE certname = $1`,
    [
      certname,
      ...[0, 1, 2].map((i) => column(rows.facts, i)),
      ...[0, 1, 2, 3, 4, 5].map((i) => column(rows.leaves, i)),
      ...rows.node.map(([, value]) => value),
      rows.environment,
      // pg binds a JavaScript array as a PostgreSQL array (the unnest parameters above).
    ] as unknown as SqlParam[],
  );
}
