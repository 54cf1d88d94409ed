import { describe, expect, it } from 'vitest';
import { compileQuery } from './compile-query.js';
import { sqliteJsonPath } from './compile-sqlite.js';
import { NO_PAGING, type Paging } from './paging.js';
import { parseQuery } from './parse.js';
import { prefixBounds } from './regex-narrowing.js';
import { validateQuery } from './validate.js';

const SINCE = '2026-01-01T00:00:00.000Z';
const COLS =
  'r.certname, r.resource, r.type, r.title, r.exported, r.tags, r.file, r.line, r.environment, r.parameters';
const ACTIVE =
  'r.certname NOT IN (SELECT certname FROM certnames WHERE deactivated IS NOT NULL OR expired IS NOT NULL)';

type Expected = { sql: string; parameters: unknown[] };

/** Like kysely's testSql: the exact SQL and parameters of one query for each dialect. */
function testSql(
  query: unknown,
  expected: { sqlite: Expected; postgres: Expected },
  paging: Partial<Paging> = {},
) {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const compiled = compileQuery(validateQuery(parseQuery(query)), dialect, {
      paging: { ...NO_PAGING, ...paging },
      inactiveSince: SINCE,
    });
    expect({ sql: compiled.rows.sql, parameters: compiled.rows.parameters }).toEqual(expected[dialect]);
  }
}

describe('SQL compilation per dialect', () => {
  it('compiles a type filter with paging', () => {
    testSql(
      ['=', 'type', 'File'],
      {
        sqlite: {
          sql: `SELECT ${COLS} FROM resources r WHERE (r.type = ? AND ${ACTIVE}) ORDER BY r.title DESC NULLS FIRST LIMIT ? OFFSET ?`,
          parameters: ['File', 10, 0],
        },
        postgres: {
          sql: `SELECT ${COLS} FROM resources r WHERE (r.type = $1 AND ${ACTIVE}) ORDER BY r.title DESC NULLS FIRST LIMIT $2 OFFSET $3`,
          parameters: ['File', 10, 0],
        },
      },
      { limit: 10, orderBy: [{ field: 'title', direction: 'desc' }] },
    );
  });

  it('compiles tag (lower-cased; SQLite via resource_tags, PostgreSQL as tags containment) and a title regex with its literal start as a bytewise range', () => {
    const tag = (p: string) =>
      `(r.certname, r.resource) IN (SELECT t1.certname, t1.resource FROM resource_tags t1 WHERE t1.tag = ${p})`;
    testSql(['and', ['=', 'tag', 'Web'], ['~', 'title', '^/etc']], {
      sqlite: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((${tag('?')} AND (r.title IS NOT NULL AND (r.title >= ? AND r.title < ?) AND r.title REGEXP ?)) AND ${ACTIVE})`,
        parameters: ['web', '/etc', '/etd', '^/etc'],
      },
      postgres: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((r.tags @> $1::jsonb AND ((r.title COLLATE "C" >= $2 AND r.title COLLATE "C" < $3) AND r.title ~ $4)) AND ${ACTIVE})`,
        parameters: ['["web"]', '/etc', '/etd', '^/etc'],
      },
    });
  });

  it('compiles ["parameter", N] to the parameter rows with canonical JSON', () => {
    const sub = (a: string, b: string) =>
      `r.resource IN (SELECT p1.resource FROM resource_params p1 WHERE p1.name = ${a} AND p1.value = ${b})`;
    testSql(['=', ['parameter', 'acl'], { b: 1, a: [true] }], {
      sqlite: {
        sql: `SELECT ${COLS} FROM resources r WHERE (${sub('?', '?')} AND ${ACTIVE})`,
        parameters: ['acl', '{"a":[true],"b":1}'],
      },
      postgres: {
        sql: `SELECT ${COLS} FROM resources r WHERE (${sub('$1', '$2')} AND ${ACTIVE})`,
        parameters: ['acl', '{"a":[true],"b":1}'],
      },
    });
  });

  it('compiles nested dotted equality with JSON access (and containment on PostgreSQL)', () => {
    testSql(['=', 'parameters.nested.a', { b: 'x' }], {
      sqlite: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((r.parameters -> ?) = ? AND ${ACTIVE})`,
        parameters: ['$."nested"."a"', '{"b":"x"}'],
      },
      postgres: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((r.parameters @> $1::jsonb AND (r.parameters -> $2::text -> $3::text) = $4::jsonb) AND ${ACTIVE})`,
        parameters: ['{"nested":{"a":{"b":"x"}}}', 'nested', 'a', '{"b":"x"}'],
      },
    });
  });

  it('compiles dotted inequalities on numbers only', () => {
    testSql(['<', 'parameters.port', 80.5], {
      sqlite: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((CASE WHEN json_type(r.parameters, ?) IN ('integer', 'real') THEN (r.parameters ->> ?) END) < CAST(? AS NUMERIC) AND ${ACTIVE})`,
        parameters: ['$."port"', '$."port"', 80.5],
      },
      postgres: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((CASE WHEN jsonb_typeof(r.parameters -> $1::text) = 'number' THEN ((r.parameters ->> $2::text))::numeric END) < CAST($3 AS NUMERIC) AND ${ACTIVE})`,
        parameters: ['port', 'port', 80.5],
      },
    });
  });

  it('compiles node_state inactive against the purge window, without the default', () => {
    testSql(['=', 'node_state', 'inactive'], {
      sqlite: {
        sql: `SELECT ${COLS} FROM resources r WHERE r.certname IN (SELECT certname FROM certnames WHERE deactivated > ? OR expired > ?)`,
        parameters: [SINCE, SINCE],
      },
      postgres: {
        sql: `SELECT ${COLS} FROM resources r WHERE r.certname IN (SELECT certname FROM certnames WHERE deactivated > $1 OR expired > $2)`,
        parameters: [SINCE, SINCE],
      },
    });
  });

  it('compiles implicit subqueries and in-arrays', () => {
    testSql(['and', ['subquery', 'environments', ['~', 'name', 'prod']], ['in', 'line', ['array', [1, 2]]]], {
      sqlite: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((r.environment IN (SELECT e1.name FROM environments e1 WHERE (e1.name IS NOT NULL AND e1.name REGEXP ?)) AND r.line IN (?, ?)) AND ${ACTIVE})`,
        parameters: ['prod', 1, 2],
      },
      postgres: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((r.environment IN (SELECT e1.name FROM environments e1 WHERE (e1.name IS NOT NULL AND e1.name ~ $1)) AND r.line IN ($2, $3)) AND ${ACTIVE})`,
        parameters: ['prod', 1, 2],
      },
    });
  });

  it('compiles a projection with positional aliases, binding select-list parameters first', () => {
    testSql(['extract', ['title', 'parameters.ensure'], ['=', 'type', 'Package']], {
      sqlite: {
        sql: `SELECT r.title AS c0, (r.parameters -> ?) AS c1 FROM resources r WHERE (r.type = ? AND ${ACTIVE})`,
        parameters: ['$."ensure"', 'Package'],
      },
      postgres: {
        sql: `SELECT r.title AS c0, (r.parameters -> $1::text) AS c1 FROM resources r WHERE (r.type = $2 AND ${ACTIVE})`,
        parameters: ['ensure', 'Package'],
      },
    });
  });

  it('compiles the total as a count over the unpaged query', () => {
    const compiled = compileQuery(validateQuery(parseQuery(['=', 'type', 'File'])), 'postgres', {
      paging: { ...NO_PAGING, limit: 5, includeTotal: true },
      inactiveSince: SINCE,
    });
    expect(compiled.count).toEqual({
      sql: `SELECT count(*) AS total FROM resources r WHERE (r.type = $1 AND ${ACTIVE})`,
      parameters: ['File'],
    });
  });

  it('gives SQLite index ranges for the literal starts of an anchored pattern, never for others', () => {
    const sqlite = (pattern: string) =>
      compileQuery(validateQuery(parseQuery(['~', 'file', pattern])), 'sqlite', {
        paging: NO_PAGING,
        inactiveSince: SINCE,
      }).rows;
    expect(prefixBounds('/etc/db/conf.d/00')).toEqual(['/etc/db/conf.d/00', '/etc/db/conf.d/01']);
    const anchored = sqlite('^/etc/(ssh|ssl)/');
    expect(anchored.sql).toContain('((v >= ? AND v < ?) OR (v >= ? AND v < ?)) AND v REGEXP ?');
    expect(anchored.parameters).toEqual(
      expect.arrayContaining(['/etc/ssh', '/etc/ssi', '/etc/ssl', '/etc/ssm']),
    );
    for (const none of ['abc', '^\\d+', '(?i)^abc', '^élan'])
      expect(sqlite(none).sql).not.toContain('v >= ?');
  });

  it('quotes every SQLite JSON path label', () => {
    expect(sqliteJsonPath(['a.b', 'say "hi"', '$x', 'back\\slash'])).toBe(
      '$."a.b"."say \\"hi\\""."$x"."back\\\\slash"',
    );
  });
});
