import { afterEach, describe, expect, it } from 'vitest';
import { PG_CHUNK_CHARS, PG_CHUNK_ROWS, pgJsonChunks } from '../../src/store/bulk-insert.js';
import { forDialect } from '../../src/store/placeholders.js';
import type { BulkColumns, Dialect, SqlParam } from '../../src/store/types.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

/** One column of every type a bulk insert knows, after the row's number. */
const COLUMNS: BulkColumns = [
  ['id', 'int'],
  ['t', 'text'],
  ['n', 'int'],
  ['b', 'bool'],
  ['j', 'json'],
  ['ts', 'ts'],
];

const TABLE_TYPES: Record<Dialect, string> = {
  sqlite: 'id INTEGER, t TEXT, n INTEGER, b INTEGER, j TEXT, ts TEXT',
  postgres: 'id integer, t text, n integer, b boolean, j jsonb, ts timestamptz',
};

const TEXTS: readonly (string | null)[] = [
  null,
  '',
  'null',
  'NULL',
  '"quoted" and \'single\'',
  'back\\slash, ending in one\\',
  '\\" and \\\\',
  '\\ud800 is no surrogate here',
  '{"looks":"like JSON"}',
  '[1, null]',
  'unicode: é ß 中文 🎉 \u2028',
  'controls: \u0001\u0007\b\t\n\f\r\u001b\u001f',
  '   ',
  'lone high \ud800 surrogate',
  'lone low \udc00 surrogate',
  'x'.repeat(1_000_000),
];
const INTS: readonly (number | bigint | null)[] = [0, -1, 2_147_483_647, -2_147_483_648, null, 42n];
const BOOLS: readonly (boolean | null)[] = [true, false, null];
const JSONS: readonly (string | null)[] = [
  null,
  'null',
  '"null"',
  '{"a":[1,null,"x\\"y\\\\z"],"b":"é\\u0001","c":1.5e300}',
  '[]',
  '{}',
  'true',
  '"\\ud83c\\udf89 escaped pair"',
];
const TIMES: readonly (string | null)[] = ['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678+02:00', null];

/** Rows going through every value of every list, each list at its own pace. */
const ROWS: SqlParam[][] = Array.from({ length: TEXTS.length * 2 }, (_, i) => [
  i,
  TEXTS[i % TEXTS.length]!,
  INTS[i % INTS.length]!,
  BOOLS[i % BOOLS.length]!,
  JSONS[i % JSONS.length]!,
  TIMES[i % TIMES.length]!,
]);

describe.each(DIALECTS)('bulkInsert on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  it('stores awkward values of every column type as one-row inserts store them', async () => {
    t = await openTestStore(dialect);
    for (const table of ['bulk', 'one_by_one'])
      await t.store.run(`CREATE TABLE ${table} (${TABLE_TYPES[dialect]})`);
    expect(await t.store.bulkInsert('bulk', COLUMNS, ROWS)).toBe(ROWS.length);
    const insert = forDialect(
      dialect,
      'INSERT INTO one_by_one (id, t, n, b, j, ts) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const row of ROWS) await t.store.run(insert, row);

    const bulk = await t.store.all('SELECT * FROM bulk ORDER BY id');
    expect(bulk).toEqual(await t.store.all('SELECT * FROM one_by_one ORDER BY id'));
    const texts = ROWS.map(([, text]) => text);
    const lone = (text: SqlParam) => typeof text === 'string' && /\ud800|\udc00/.test(text);
    expect(bulk.map((row, i) => (lone(texts[i]!) ? 'lone' : row.t))).toEqual(
      texts.map((text) => (lone(text!) ? 'lone' : text)),
    );
    if (dialect === 'postgres') {
      // What pg's UTF-8 encoding of a parameter always made of it (SQLite's driver keeps its own way).
      expect(bulk.filter((_, i) => lone(texts[i]!)).map((row) => row.t)).toEqual(
        texts
          .filter((text) => lone(text!))
          .map((text) => (text as string).replace(/\ud800|\udc00/, '\ufffd')),
      );
    }
    expect(bulk.map((row) => (row.n === null ? null : BigInt(row.n as number)))).toEqual(
      ROWS.map(([, , n]) => (n === null ? null : BigInt(n as number | bigint))),
    );
    expect(bulk.map((row) => (row.b === null ? null : Boolean(row.b)))).toEqual(ROWS.map((row) => row[3]));
    // JSON text "null" is a JSON null, not SQL NULL; jsonb writes its own spacing, hence the parse.
    expect(bulk.map((row) => (row.j === null ? undefined : JSON.parse(row.j as string)))).toEqual(
      ROWS.map(([, , , , json]) => (json === null ? undefined : JSON.parse(json as string))),
    );
    expect(bulk.map((row) => (row.ts === null ? null : Date.parse(row.ts as string)))).toEqual(
      ROWS.map(([, , , , , ts]) => (ts === null ? null : Date.parse(ts as string))),
    );
  });

  it('inserts no rows from an empty list', async () => {
    t = await openTestStore(dialect);
    await t.store.run(`CREATE TABLE bulk (${TABLE_TYPES[dialect]})`);
    expect(await t.store.bulkInsert('bulk', COLUMNS, [])).toBe(0);
    expect(await t.store.all('SELECT * FROM bulk')).toEqual([]);
  });
});

describe('pgJsonChunks', () => {
  it('closes a chunk at its rows or its characters, whichever comes first', () => {
    const counts = (rows: SqlParam[][]) => pgJsonChunks(rows).map((chunk) => JSON.parse(chunk).length);
    const small = Array.from({ length: PG_CHUNK_ROWS * 2 + 1 }, (_, i): SqlParam[] => [i, null]);
    expect(counts(small)).toEqual([PG_CHUNK_ROWS, PG_CHUNK_ROWS, 1]);
    const third = 'y'.repeat(PG_CHUNK_CHARS / 3);
    expect(counts([[third], [third], [third], ['z']])).toEqual([2, 2]);
    expect(counts([['w'.repeat(PG_CHUNK_CHARS + 1)], ['z']])).toEqual([1, 1]);
  });
});
