/**
 * @module store/schema
 * The one schema of the resource store, written once for both dialects as numbered migrations.
 * What the DDL below does not say:
 *
 * - `certnames` has a row for every node any command named. A node is active while `deactivated`
 *   and `expired` are both NULL; it is inactive (PuppetDB's word) while either is set and later
 *   than now − purge TTL; the GC then deletes it from every table of `NODE_TABLES`. The
 *   `*_producer_timestamp` columns hold the newest producer timestamp per command kind,
 *   `*_timestamp` when we stored it (server clock).
 * - `catalogs` keeps only the latest catalog per node; `hash` is the SHA-1 hex of its content.
 * - `resources`: `resource` is PuppetDB's resource hash (40 lower-case hex), `tags` a sorted,
 *   deduplicated array of lower-case strings, `parameters` an object (`{}` when none);
 *   `environment` is copied from the catalog so filters need no join.
 * - `resource_tags` and `resource_params` hold one row per tag and per top-level parameter (joined
 *   on certname + resource). A parameter's (and a fact's) `value` is its canonical JSON text
 *   (`canonicalJson()`: sorted keys, no spaces, so the string root is stored as `"root"`) and
 *   `value_string` the raw string when the value is a JSON string. Compare parameters as
 *   `name = ? AND value = ?`: SQLite indexes (name, value); PostgreSQL indexes name and hashes
 *   value, since btree entries cannot hold long values such as file contents.
 * - How values travel: timestamps are ISO strings `YYYY-MM-DDTHH:MM:SS.sssZ` both ways (TEXT on
 *   SQLite, fixed width so text order is time order; timestamptz on PostgreSQL). Booleans are
 *   INTEGER 0/1 on SQLite (JS booleans are bound as 1/0, rows carry 0/1) and boolean on
 *   PostgreSQL. JSON is TEXT on SQLite and jsonb on PostgreSQL, and both drivers return the JSON
 *   text unparsed, so a streaming writer can splice it into its output. count(*) comes back as a
 *   number on both.
 */

import type { Dialect } from './types.js';

/** One numbered step of the schema. `sql` holds the DDL written with the type tokens below. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /**
   * Statements for both dialects; tokens {TS} {JSON} {BOOL} {TRUE} are filled per dialect, and
   * {CLUSTERED} after a table makes SQLite store rows in primary-key order (WITHOUT ROWID): for the
   * narrow child tables that halves the writes per row, since the key is the table.
   */
  readonly sql: readonly string[];
  /** Statements only one dialect understands (e.g. a GIN index). */
  readonly only?: Partial<Record<Dialect, readonly string[]>>;
}

const TOKENS: Record<Dialect, Record<string, string>> = {
  sqlite: { TS: 'TEXT', JSON: 'TEXT', BOOL: 'INTEGER', TRUE: '1', CLUSTERED: ' WITHOUT ROWID' },
  postgres: { TS: 'TIMESTAMPTZ', JSON: 'JSONB', BOOL: 'BOOLEAN', TRUE: 'TRUE', CLUSTERED: '' },
};

/** Fills the dialect tokens of a DDL statement. */
export function renderDdl(statement: string, dialect: Dialect): string {
  return statement.replace(
    /\{(TS|JSON|BOOL|TRUE|CLUSTERED)\}/g,
    (_m, token: string) => TOKENS[dialect][token]!,
  );
}

const initial: Migration = {
  version: 1,
  name: 'initial schema: nodes, catalogs, resources, tags, params, edges, facts',
  sql: [
    `CREATE TABLE certnames (
      certname TEXT PRIMARY KEY,
      deactivated {TS} NULL,
      expired {TS} NULL,
      catalog_producer_timestamp {TS} NULL,
      facts_producer_timestamp {TS} NULL,
      report_producer_timestamp {TS} NULL,
      catalog_timestamp {TS} NULL,
      facts_timestamp {TS} NULL,
      report_timestamp {TS} NULL,
      catalog_environment TEXT NULL,
      facts_environment TEXT NULL,
      report_environment TEXT NULL,
      latest_report_status TEXT NULL,
      latest_report_noop {BOOL} NULL,
      latest_report_corrective_change {BOOL} NULL,
      cached_catalog_status TEXT NULL
    )`,
    'CREATE INDEX certnames_deactivated_idx ON certnames (deactivated)',
    'CREATE INDEX certnames_expired_idx ON certnames (expired)',
    `CREATE TABLE environments (name TEXT PRIMARY KEY)`,
    `CREATE TABLE catalogs (
      certname TEXT PRIMARY KEY,
      catalog_uuid TEXT NULL,
      version TEXT NOT NULL,
      transaction_uuid TEXT NULL,
      environment TEXT NULL,
      producer TEXT NULL,
      producer_timestamp {TS} NOT NULL,
      code_id TEXT NULL,
      job_id TEXT NULL,
      hash TEXT NOT NULL,
      received {TS} NOT NULL
    )`,
    'CREATE INDEX catalogs_environment_idx ON catalogs (environment)',
    `CREATE TABLE resources (
      certname TEXT NOT NULL,
      resource TEXT NOT NULL,
      type TEXT NOT NULL,
      title TEXT NOT NULL,
      exported {BOOL} NOT NULL,
      file TEXT NULL,
      line INTEGER NULL,
      tags {JSON} NOT NULL,
      parameters {JSON} NOT NULL,
      environment TEXT NULL,
      PRIMARY KEY (certname, type, title)
    )`,
    'CREATE UNIQUE INDEX resources_certname_resource_idx ON resources (certname, resource)',
    'CREATE INDEX resources_type_title_idx ON resources (type, title)',
    'CREATE INDEX resources_title_idx ON resources (title)',
    'CREATE INDEX resources_resource_idx ON resources (resource)',
    'CREATE INDEX resources_environment_idx ON resources (environment)',
    // Exported resources are few; a partial index serves `exported = true` collection cheaply.
    'CREATE INDEX resources_exported_idx ON resources (exported, type) WHERE exported = {TRUE}',
    `CREATE TABLE resource_tags (
      certname TEXT NOT NULL,
      resource TEXT NOT NULL,
      tag TEXT NOT NULL,
      PRIMARY KEY (certname, resource, tag)
    ){CLUSTERED}`,
    'CREATE INDEX resource_tags_tag_idx ON resource_tags (tag)',
    `CREATE TABLE resource_params (
      certname TEXT NOT NULL,
      resource TEXT NOT NULL,
      name TEXT NOT NULL,
      value TEXT NOT NULL,
      value_string TEXT NULL,
      PRIMARY KEY (certname, resource, name)
    ){CLUSTERED}`,
    `CREATE TABLE edges (
      certname TEXT NOT NULL,
      source_type TEXT NOT NULL,
      source_title TEXT NOT NULL,
      target_type TEXT NOT NULL,
      target_title TEXT NOT NULL,
      relationship TEXT NOT NULL,
      PRIMARY KEY (certname, source_type, source_title, target_type, target_title, relationship)
    ){CLUSTERED}`,
    `CREATE TABLE facts (
      certname TEXT NOT NULL,
      name TEXT NOT NULL,
      value TEXT NOT NULL,
      value_string TEXT NULL,
      PRIMARY KEY (certname, name)
    ){CLUSTERED}`,
  ],
  only: {
    sqlite: [
      'CREATE INDEX resource_params_name_value_idx ON resource_params (name, value)',
      'CREATE INDEX facts_name_value_idx ON facts (name, value)',
    ],
    // A PostgreSQL btree entry must stay under ~2.7 KB and parameter values (file contents) are
    // often longer, so values get a hash index (equality only, any length) beside a name index.
    postgres: [
      'CREATE INDEX resources_parameters_gin_idx ON resources USING GIN (parameters jsonb_path_ops)',
      'CREATE INDEX resource_params_name_idx ON resource_params (name)',
      'CREATE INDEX resource_params_value_idx ON resource_params USING HASH (value)',
      'CREATE INDEX facts_name_idx ON facts (name)',
      'CREATE INDEX facts_value_idx ON facts USING HASH (value)',
    ],
  },
};

/**
 * `["=", "tag", X]` on PostgreSQL: through resource_tags the planner estimated a few hundred rows,
 * priced 3,000 random (certname, resource) probes above a parallel scan of all resources and read
 * the whole table (134-380 ms on the 1,000 x 500 bench fleet). A GIN index on the `tags` array
 * answers `tags @> '["x"]'` with one bitmap heap scan in table order (4-6 ms there). SQLite keeps
 * resource_tags: its (tag) index on a WITHOUT ROWID table already covers (certname, resource).
 */
const tagsGin: Migration = {
  version: 2,
  name: 'PostgreSQL: GIN index on resources.tags for tag equality',
  sql: [],
  only: { postgres: ['CREATE INDEX resources_tags_gin_idx ON resources USING GIN (tags jsonb_path_ops)'] },
};

/**
 * What the `nodes` entity shows of the latest report besides its status: PuppetDB's
 * `latest_report_hash` (here the SHA-1 of the report's canonical JSON), `latest_report_job_id`
 * and `latest_report_noop_pending`.
 */
const reportColumns: Migration = {
  version: 3,
  name: 'certnames: latest report hash, job id and noop_pending for the nodes entity',
  sql: [
    'ALTER TABLE certnames ADD COLUMN latest_report_hash TEXT NULL',
    'ALTER TABLE certnames ADD COLUMN latest_report_job_id TEXT NULL',
    'ALTER TABLE certnames ADD COLUMN latest_report_noop_pending {BOOL} NULL',
  ],
};

/**
 * Indexes that narrow regular expressions (query/regex-narrowing.ts). SQLite: an FTS5 trigram index
 * over titles, kept in step with `resources` by triggers (external content keyed by rowid, so the
 * titles are not stored twice), and a btree on `file` whose distinct values are read by a loose
 * index scan. PostgreSQL: pg_trgm GIN indexes on title and file, which the planner applies to `~`
 * itself. pg_trgm ships with PostgreSQL (Debian's postgresql package) and is a trusted extension
 * since 13, so a database owner may create it; where it cannot be created the indexes are left
 * out with a notice and regular expressions scan, as before.
 */
const regexIndexes: Migration = {
  version: 4,
  name: 'indexes for regular expressions: trigram (FTS5, pg_trgm) on titles, file values',
  sql: [],
  only: {
    sqlite: [
      'CREATE INDEX resources_file_idx ON resources (file)',
      `CREATE VIRTUAL TABLE resources_title_text USING fts5(title, content='resources', content_rowid='rowid', tokenize='trigram')`,
      `INSERT INTO resources_title_text (resources_title_text) VALUES ('rebuild')`,
      `CREATE TRIGGER resources_title_text_insert AFTER INSERT ON resources BEGIN
         INSERT INTO resources_title_text (rowid, title) VALUES (new.rowid, new.title);
       END`,
      `CREATE TRIGGER resources_title_text_delete AFTER DELETE ON resources BEGIN
         INSERT INTO resources_title_text (resources_title_text, rowid, title) VALUES ('delete', old.rowid, old.title);
       END`,
      `CREATE TRIGGER resources_title_text_update AFTER UPDATE OF title ON resources BEGIN
         INSERT INTO resources_title_text (resources_title_text, rowid, title) VALUES ('delete', old.rowid, old.title);
         INSERT INTO resources_title_text (rowid, title) VALUES (new.rowid, new.title);
       END`,
    ],
    postgres: [
      `DO $$
       DECLARE home text;
       BEGIN
         SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
           WHERE e.extname = 'pg_trgm';
         IF home IS NULL THEN
           BEGIN
             -- In public when there is one: a store's own schema may be dropped with CASCADE.
             IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
               CREATE EXTENSION pg_trgm SCHEMA public;
             ELSE
               CREATE EXTENSION pg_trgm;
             END IF;
           EXCEPTION WHEN OTHERS THEN
             RAISE NOTICE 'pg_trgm is not available (%): regular expressions on titles will scan', SQLERRM;
             RETURN;
           END;
           SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
             WHERE e.extname = 'pg_trgm';
         END IF;
         EXECUTE format('CREATE INDEX resources_title_trgm_idx ON resources USING GIN (title %I.gin_trgm_ops)', home);
         EXECUTE format('CREATE INDEX resources_file_trgm_idx ON resources USING GIN (file %I.gin_trgm_ops)', home);
       END $$`,
    ],
  },
};

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [initial, tagsGin, reportColumns, regexIndexes];

/** Tables holding one node's data, in the order they are cleared when a node is purged. */
export const NODE_TABLES = [
  'resource_params',
  'resource_tags',
  'resources',
  'edges',
  'facts',
  'catalogs',
  'certnames',
] as const;
