/**
 * @module store/fact-schema
 * Migration 8 (schema.ts lists it in MIGRATIONS): what the fact entities beyond `facts` read
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
