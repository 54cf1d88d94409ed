/**
 * @module store/fact-schema
 * Migrations 8 and 10 (schema.ts lists them in MIGRATIONS): what the fact entities beyond `facts` read
 * (factsets, inventory, fact-contents, fact-paths, producers). The factset's producer and hash go
 * on the node row; every leaf of every fact's tree is a row of `fact_contents` (`path` the
 * canonical JSON array of keys and indexes, `value` the leaf's canonical JSON, `value_type`
 * PuppetDB's type word), so a path or value query is an index lookup instead of walking each
 * node's JSON; `fact_paths` keeps every leaf path with its type seen (PuppetDB's table of that
 * name; the GC drops those no node has). Facts received before this migration get their rows with
 * the node's next facts.
 */
import type { Migration } from './migration.js';

export const factContents: Migration = {
  version: 8,
  name: 'fact contents and paths, factset producer and hash',
  sql: [
    'ALTER TABLE certnames ADD COLUMN facts_producer TEXT NULL',
    'ALTER TABLE certnames ADD COLUMN facts_hash TEXT NULL',
    `CREATE TABLE fact_contents (
      certname TEXT NOT NULL,
      path TEXT NOT NULL,
      name TEXT NOT NULL,
      depth INTEGER NOT NULL,
      value_type TEXT NOT NULL,
      value TEXT NULL,
      value_string TEXT NULL,
      PRIMARY KEY (certname, path)
    ){CLUSTERED}`,
    'CREATE INDEX fact_contents_path_idx ON fact_contents (path)',
    'CREATE INDEX fact_contents_name_idx ON fact_contents (name)',
    `CREATE TABLE fact_paths (
      path TEXT NOT NULL,
      value_type TEXT NOT NULL,
      name TEXT NOT NULL,
      depth INTEGER NOT NULL,
      PRIMARY KEY (path, value_type)
    ){CLUSTERED}`,
  ],
};

/** A node's facts object from its fact rows (canonical JSON values), keys in bytewise order. */
const factsObject = (quote: string, aggregate: string, order: string) =>
  `UPDATE certnames SET facts_json = '{' || COALESCE((SELECT ${aggregate}(${quote} || ':' || f.value, ',' ORDER BY ${order}) FROM facts f WHERE f.certname = certnames.certname), '') || '}' WHERE facts_timestamp IS NOT NULL`;

/**
 * A node's facts as one JSON object (`facts_json`, its canonical JSON, written with the facts):
 * what `inventory` answers for each node, read as one column where it was built from the node's
 * fact rows per answer (~90 facts a node: 0.3-0.4 ms each on SQLite, the bulk of an inventory
 * answer; PuppetDB keeps each factset as one JSON value too). Filled from the fact rows here.
 */
export const factsJson: Migration = {
  version: 10,
  name: "each node's facts as one JSON text",
  sql: ['ALTER TABLE certnames ADD COLUMN facts_json TEXT NULL'],
  only: {
    sqlite: [factsObject('json_quote(f.name)', 'group_concat', 'f.name')],
    postgres: [factsObject('to_json(f.name)::text', 'string_agg', 'f.name COLLATE "C"')],
  },
};
