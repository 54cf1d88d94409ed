/**
 * @module store/title-text-schema
 * Migration 14 (schema.ts lists them all), SQLite only: the FTS5 trigram index that narrows
 * regular expressions on titles (query/regex-narrowing.ts) holds each distinct title once, in the
 * dictionary `resource_titles`, instead of one entry per resource row of every node. Titles repeat
 * across nodes as parameters do (nodes of one role share most of their resources, see
 * resource-params-schema.ts), and every indexed title writes about 40 trigrams: migration 4's
 * insert trigger on `resources` took a third of a 500-resource catalog's time.
 *
 * `resources_title_text` keeps its name (the compiler looks the index up as `<table>_<column>_text`)
 * but now has the dictionary as external content, kept in step by triggers on the dictionary; a
 * query matches titles there and then reads `resources` by its title index (compile-sqlite.ts).
 * A catalog adds the titles it lacks in one statement (commands/resource-titles.ts says why not a
 * trigger on `resources`), so trigrams are written only for a title no row had before. Titles no
 * resource holds any more stay until the garbage collection drops them; meanwhile they only widen
 * the candidates the regex is run on, never the answer. PostgreSQL keeps its pg_trgm indexes on
 * `resources` (migration 4), which its planner applies to `~` by itself.
 */
import type { Migration } from './migration.js';

export const titleDictionary: Migration = {
  version: 14,
  name: 'SQLite: the title trigram index over the distinct titles, not every resource row',
  sql: [],
  only: {
    sqlite: [
      'DROP TRIGGER resources_title_text_insert',
      'DROP TRIGGER resources_title_text_delete',
      'DROP TRIGGER resources_title_text_update',
      'DROP TABLE resources_title_text',
      'CREATE TABLE resource_titles (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE)',
      'INSERT INTO resource_titles (title) SELECT DISTINCT title FROM resources',
      `CREATE VIRTUAL TABLE resources_title_text USING fts5(title, content='resource_titles', content_rowid='id', tokenize='trigram')`,
      `INSERT INTO resources_title_text (resources_title_text) VALUES ('rebuild')`,
      // A dictionary row is never updated: a title is only added and, by the collection, dropped.
      `CREATE TRIGGER resource_titles_text_insert AFTER INSERT ON resource_titles BEGIN
         INSERT INTO resources_title_text (rowid, title) VALUES (new.id, new.title);
       END`,
      `CREATE TRIGGER resource_titles_text_delete AFTER DELETE ON resource_titles BEGIN
         INSERT INTO resources_title_text (resources_title_text, rowid, title) VALUES ('delete', old.id, old.title);
       END`,
    ],
  },
};
