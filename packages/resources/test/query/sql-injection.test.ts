import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryError } from '../../src/query/errors.js';
import { type FixtureNode, loadFleet } from '../support/query/fixtures.js';
import { runQuery } from '../support/query/run.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const HOSTILE = [
  "'; DROP TABLE resources; --",
  '"; DROP TABLE resources; --',
  "x' OR '1'='1",
  '$1',
  '?',
  "\\'; SELECT 1; --",
  ') OR 1=1 --',
  '\u0000nul',
];

/** Every character class JSON must escape or keep (control characters, quotes, non-BMP, U+2028). */
const ESCAPES = 'line\nbreak\ttab\u0001\u001f "quoted" back\\slash /é€😀\u2028\u2029';

/** A dotted field naming one parameter, quoted PuppetDB's way. */
const dotted = (name: string) => `parameters."${name.replaceAll('"', '\\"')}"`;

const EVIL: FixtureNode = {
  certname: 'evil.example.com',
  environment: 'production',
  resources: [
    {
      type: 'File',
      title: HOSTILE[0]!,
      tags: ['file'],
      parameters: { [HOSTILE[1]!]: HOSTILE[2]!, 'a.b': { '"q"': 1 } },
    },
    { type: 'File', title: `${'a'.repeat(30_000)}!`, tags: ['file'], parameters: {} },
    {
      type: 'Exec',
      title: ESCAPES,
      tags: ['exec'],
      parameters: { command: ESCAPES, [ESCAPES]: [ESCAPES, { [ESCAPES]: 1.5 }], flag: false },
    },
  ],
};

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(dialect);
    await loadFleet(t.store, [EVIL]);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const tablesIntact = async () => {
    const [row] = await t.store.all('SELECT count(*) AS n FROM resources');
    expect(Number(row!.n)).toBe(3);
  };

  it('binds hostile values in every value position and finds them literally', async () => {
    for (const value of HOSTILE) {
      if (dialect === 'postgres' && value.includes('\u0000')) continue; // PostgreSQL text cannot hold NUL
      for (const query of [
        ['=', 'title', value],
        ['=', 'certname', value],
        ['=', 'tag', value],
        ['=', ['parameter', value], value],
        ['=', dotted(value), value],
        ['in', 'title', ['array', [value, value]]],
        ['subquery', 'nodes', ['=', 'certname', value]],
      ]) {
        await runQuery(t.store, query);
      }
    }
    await tablesIntact();
    expect((await runQuery(t.store, ['=', 'title', HOSTILE[0]])).rows).toHaveLength(1);
    expect((await runQuery(t.store, ['=', ['parameter', HOSTILE[1]!], HOSTILE[2]!])).rows).toHaveLength(1);
    expect((await runQuery(t.store, ['=', 'parameters."a.b"."\\"q\\""', 1])).rows).toHaveLength(1);
  });

  it('keeps hostile identifiers out of the SQL: they are refused as unknown fields', async () => {
    for (const field of ['title; DROP TABLE resources', 'r.title', '"title"', 'title--']) {
      await expect(runQuery(t.store, ['=', field, 'x'])).rejects.toBeInstanceOf(QueryError);
      await expect(runQuery(t.store, ['extract', [field]])).rejects.toBeInstanceOf(QueryError);
    }
    await expect(
      runQuery(t.store, null, {
        paging: { orderBy: [{ field: 'title; DROP TABLE resources', direction: 'asc' }] },
      }),
    ).rejects.toThrow();
    await tablesIntact();
  });

  it('extracts a dotted field whose name is hostile without putting it in the SQL', async () => {
    const { rows } = await runQuery(t.store, [
      'extract',
      ['title', dotted(HOSTILE[1]!)],
      ['=', 'title', HOSTILE[0]],
    ]);
    expect(rows).toEqual([{ title: HOSTILE[0], [dotted(HOSTILE[1]!)]: HOSTILE[2] }]);
  });

  it('renders every string exactly: each answer is JSON that parses back to what was stored', async () => {
    const { rows } = await runQuery(t.store, ['=', 'type', 'Exec']);
    expect(rows).toEqual([
      {
        certname: 'evil.example.com',
        resource: expect.stringMatching(/^[0-9a-f]{40}$/),
        type: 'Exec',
        title: ESCAPES,
        exported: false,
        tags: ['exec'],
        file: null,
        line: null,
        environment: 'production',
        parameters: { command: ESCAPES, [ESCAPES]: [ESCAPES, { [ESCAPES]: 1.5 }], flag: false },
      },
    ]);
    const { rows: extracted } = await runQuery(t.store, [
      'extract',
      ['title', 'line'],
      ['=', 'type', 'Exec'],
    ]);
    expect(extracted).toEqual([{ title: ESCAPES, line: null }]);
  });

  it('answers a catastrophic-backtracking regex at once (RE2 on SQLite, checked first on both)', async () => {
    const { rows } = await runQuery(t.store, ['~', 'title', '^(a+)+$']);
    expect(rows).toEqual([]);
    const { rows: matched } = await runQuery(t.store, ['~', 'title', '^(a|aa)+!$']);
    expect(matched).toHaveLength(1);
    await expect(runQuery(t.store, ['~', 'title', '(a*)*\\1'])).rejects.toMatchObject({
      code: 'ERR_QUERY_REGEX',
    });
  });
});
