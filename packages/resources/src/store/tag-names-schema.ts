/**
 * @module store/tag-names-schema
 * Migration 15 (schema.ts lists them all), PostgreSQL only: `resource_tags` (a row per tag of each
 * node's resource, about 5 per resource) gives way to `tag_names`, every tag once. Tag equality was
 * already answered by the GIN index on `resources.tags` (migration 2); a regular expression or a
 * list over tags now picks the matching names from `tag_names` and looks them up in that index
 * (query/compile-postgres.ts). A 500-resource catalog writes ~60 name probes instead of ~2,500 rows
 * under two indexes. SQLite keeps `resource_tags`: it has no index inside a JSON array.
 */
import type { Migration } from './migration.js';

export const tagNames: Migration = {
  version: 15,
  name: 'PostgreSQL: tag_names (every tag once) instead of resource_tags',
  sql: [],
  only: {
    postgres: [
      'CREATE TABLE tag_names (tag TEXT PRIMARY KEY)',
      'INSERT INTO tag_names (tag) SELECT DISTINCT tag FROM resource_tags',
      'DROP TABLE resource_tags',
    ],
  },
};
