/**
 * @module store/resource-params-schema
 * Migration 13 (schema.ts lists them all): `resource_params` keyed by the resource hash alone, one
 * row per distinct resource and parameter name instead of one per node, as PuppetDB's
 * `resource_params_cache` is. The hash covers type, title and parameters, so every node holding a
 * resource with that hash holds the same parameters: a fleet's nodes of one role share most of
 * theirs (in the bench fleet 42 % of resources are distinct), and a catalog then writes only the
 * parameters no node had before (commands/resource-params.ts). Queries already matched parameter
 * rows by hash; rows no resource points at any more are dropped by the garbage collection.
 */
import type { Migration } from './migration.js';

export const paramsByHash: Migration = {
  version: 13,
  name: 'resource_params: one row per resource hash and parameter, shared by every node',
  sql: [
    `CREATE TABLE resource_params_by_hash (
      resource TEXT NOT NULL,
      name TEXT NOT NULL,
      value TEXT NOT NULL,
      value_string TEXT NULL,
      PRIMARY KEY (resource, name)
    ){CLUSTERED}`,
    // Equal hashes carry equal parameters: any one node's rows stand for all.
    `INSERT INTO resource_params_by_hash (resource, name, value, value_string)
       SELECT resource, name, MIN(value), MIN(value_string) FROM resource_params GROUP BY resource, name`,
    'DROP TABLE resource_params',
    'ALTER TABLE resource_params_by_hash RENAME TO resource_params',
  ],
  only: {
    sqlite: ['CREATE INDEX resource_params_name_value_idx ON resource_params (name, value)'],
    // As migration 1: values can be longer than a btree entry, so a hash index serves equality.
    postgres: [
      'CREATE INDEX resource_params_name_idx ON resource_params (name)',
      'CREATE INDEX resource_params_value_idx ON resource_params USING HASH (value)',
    ],
  },
};
