import { describe, expect, it } from 'vitest';
import { compileQuery } from './compile-query.js';
import { sqliteJsonPath } from './compile-sqlite.js';
import { NO_PAGING, type Paging } from './paging.js';
import { parseQuery } from './parse.js';
import { prefixBounds } from './regex-narrowing.js';
import { validateQuery } from './validate.js';

const SINCE = '2026-01-01T00:00:00.000Z';
/** Stands for the select list, the rendered answer, which has tests of its own below. */
const COLS = '…';
const ACTIVE =
  'r.certname NOT IN (SELECT certname FROM certnames WHERE deactivated IS NOT NULL OR expired IS NOT NULL)';

type Expected = { sql: string; parameters: unknown[] };
type Dialect = 'sqlite' | 'postgres';

const compile = (query: unknown, dialect: Dialect, paging: Partial<Paging> = {}) =>
  compileQuery(validateQuery(parseQuery(query)), dialect, {
    paging: { ...NO_PAGING, ...paging },
    inactiveSince: SINCE,
  }).rows;

/**
 * The SQL after the select list (shown as `…`), numbered and bound as if the list bound nothing:
 * what a filter or paging compiles to, apart from how answers are rendered.
 */
function afterSelect({ sql, parameters }: { sql: string; parameters: readonly unknown[] }, dialect: Dialect) {
  const at = sql.indexOf(' AS json ');
  const bound = sql.slice(0, at).match(/\?|\$\d+/g)?.length ?? 0;
  const rest = sql.slice(at + ' AS json '.length);
  const renumbered =
    dialect === 'postgres' ? rest.replace(/\$(\d+)/g, (_, n) => `$${Number(n) - bound}`) : rest;
  return { sql: `SELECT ${COLS} ${renumbered}`, parameters: parameters.slice(bound) };
}

/** Like kysely's testSql: the exact SQL and parameters of one query's filter for each dialect. */
function testSql(
  query: unknown,
  expected: { sqlite: Expected; postgres: Expected },
  paging: Partial<Paging> = {},
) {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    expect(afterSelect(compile(query, dialect, paging), dialect)).toEqual(expected[dialect]);
  }
}

/** The bound key of each answer object's member, as the renderer binds them. */
const keys = (...names: string[]) => names.map((name, i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);

describe('SQL compilation per dialect', () => {
  it('compiles a type filter with paging: the page is picked before its rows are rendered', () => {
    const order = 'ORDER BY r.title DESC NULLS FIRST';
    testSql(
      ['=', 'type', 'File'],
      {
        sqlite: {
          sql: `SELECT ${COLS} FROM resources r WHERE r.rowid IN (SELECT r.rowid FROM resources r WHERE (r.type = ? AND ${ACTIVE}) ${order} LIMIT ? OFFSET ?) ${order}`,
          parameters: ['File', 10, 0],
        },
        postgres: {
          sql: `SELECT ${COLS} FROM (SELECT r.* FROM resources r WHERE (r.type = $1 AND ${ACTIVE}) ${order} LIMIT $2 OFFSET $3) r ${order}`,
          parameters: ['File', 10, 0],
        },
      },
      { limit: 10, orderBy: [{ field: 'title', direction: 'desc' }] },
    );
  });

  it('compiles an order without a page as one sorted SELECT', () => {
    const order = 'ORDER BY r.line ASC NULLS LAST';
    testSql(
      ['=', 'type', 'File'],
      {
        sqlite: {
          sql: `SELECT ${COLS} FROM resources r WHERE (r.type = ? AND ${ACTIVE}) ${order}`,
          parameters: ['File'],
        },
        postgres: {
          sql: `SELECT ${COLS} FROM resources r WHERE (r.type = $1 AND ${ACTIVE}) ${order}`,
          parameters: ['File'],
        },
      },
      { orderBy: [{ field: 'line', direction: 'asc' }] },
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
});

describe('SQL compilation per dialect: fields, states and subqueries', () => {
  it('compiles a title regex without a literal start through the trigram index (SQLite: its distinct titles)', () => {
    const fts = 'SELECT title FROM resources_title_text WHERE resources_title_text MATCH ?';
    testSql(['~', 'title', 'etc/ho'], {
      sqlite: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((r.title IS NOT NULL AND r.title IN (${fts}) AND r.title REGEXP ?) AND ${ACTIVE})`,
        parameters: ['"etc/ho"', 'etc/ho'],
      },
      postgres: {
        sql: `SELECT ${COLS} FROM resources r WHERE ((r.title IS NOT NULL AND r.title ~ $1) AND ${ACTIVE})`,
        parameters: ['etc/ho'],
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
});

describe('SQL compilation per dialect: rendering, totals and SQLite specifics', () => {
  it('renders each answer in SQL: one JSON text per row, keys bound, NULLs as PuppetDB shows them', () => {
    const where = `FROM resources r WHERE ${ACTIVE}`;
    const resourceKeys = keys(
      ...'certname resource type title exported tags file line environment parameters'.split(' '),
    );
    const sqliteRow = [
      'json_quote(CAST(r.certname AS TEXT))',
      'json_quote(CAST(r.resource AS TEXT))',
      'json_quote(CAST(r.type AS TEXT))',
      'json_quote(CAST(r.title AS TEXT))',
      "(CASE WHEN r.exported IS NULL THEN 'null' WHEN r.exported THEN 'true' ELSE 'false' END)",
      "COALESCE(r.tags, '[]')",
      'json_quote(CAST(r.file AS TEXT))',
      "COALESCE(json_quote(r.line), 'null')",
      'json_quote(CAST(r.environment AS TEXT))',
      "COALESCE(r.parameters, '{}')",
    ];
    expect(compile(null, 'sqlite')).toEqual({
      sql: `SELECT (${sqliteRow.map((value) => `CAST(? AS TEXT) || ${value}`).join(' || ')} || '}') AS json ${where}`,
      parameters: resourceKeys,
    });
    const postgres = compile(null, 'postgres');
    expect(postgres.parameters).toEqual(resourceKeys);
    expect(postgres.sql).toContain(`CAST($5 AS TEXT) || (CASE WHEN r.exported IS NULL THEN 'null'`);
    expect(postgres.sql).toContain(`CAST($6 AS TEXT) || COALESCE(CAST(r.tags AS TEXT), '[]')`);
    expect(postgres.sql).toContain(
      `CAST($8 AS TEXT) || COALESCE(to_json(CAST(r.line AS DOUBLE PRECISION))::text, 'null')`,
    );
  });

  it('renders a projection, binding its keys and select-list parameters before the filter', () => {
    const query = ['extract', ['title', 'parameters.ensure'], ['=', 'type', 'Package']];
    const title = `CAST(? AS TEXT) || json_quote(CAST(r.title AS TEXT))`;
    expect(compile(query, 'sqlite')).toEqual({
      sql: `SELECT (${title} || CAST(? AS TEXT) || COALESCE((r.parameters -> ?), 'null') || '}') AS json FROM resources r WHERE (r.type = ? AND ${ACTIVE})`,
      parameters: [...keys('title', 'parameters.ensure'), '$."ensure"', 'Package'],
    });
    expect(compile(query, 'postgres')).toEqual({
      sql: `SELECT (CAST($1 AS TEXT) || COALESCE(to_json(CAST(r.title AS TEXT))::text, 'null') || CAST($2 AS TEXT) || COALESCE(CAST((r.parameters -> $3::text) AS TEXT), 'null') || '}') AS json FROM resources r WHERE (r.type = $4 AND ${ACTIVE})`,
      parameters: [...keys('title', 'parameters.ensure'), 'ensure', 'Package'],
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
