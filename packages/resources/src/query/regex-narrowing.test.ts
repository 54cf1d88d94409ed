/**
 * Narrowing never changes an answer: for every field with a regex index (distinct values, FTS5
 * trigrams, prefix ranges) and a spread of patterns, the rows a query returns on both databases
 * are exactly those RE2 matches when run on every row in JavaScript, under `~` and `not ~`.
 */
import RE2 from 're2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureNode, FLEET, loadFleet } from '../../test/support/query/fixtures.js';
import { keys, type Obj, runQuery } from '../../test/support/query/run.js';
import { DIALECTS, openTestStore, type TestStore } from '../../test/support/store/test-stores.js';
import { canonicalJson } from '../store/canonical-json.js';

const EXTRA: FixtureNode = {
  certname: 'aaa.example.org',
  environment: 'dev',
  resources: [
    { type: 'File', title: 'aaaa', tags: ['file', 'apache'], parameters: { ensure: 'file' } },
    {
      type: 'File',
      title: '/etc/ssl/private/key.pem',
      file: '/etc/puppet/ssl.pp',
      line: 2,
      tags: ['ssl'],
      parameters: { mode: '0600' },
    },
    {
      type: 'File',
      title: '/etc/ssh/sshd_config',
      file: '/etc/puppet/ssh.pp',
      line: 9,
      tags: ['ssh'],
      parameters: { ensure: 'present' },
    },
    {
      type: 'Apache::Vhost',
      title: 'conf12.d "quoted"',
      tags: ['apache::vhost', 'apache'],
      parameters: { port: 8080 },
    },
    {
      type: 'Service',
      title: 'Nginx',
      tags: ['service', 'nginx'],
      parameters: { ensure: 'running', enable: true },
    },
  ],
};

const PATTERNS = [
  'host',
  'etc/h',
  '^/etc/(ssh|ssl)/',
  '(?i)NGINX',
  '^(a+)+$',
  'conf1[0-9]\\.d',
  '"quoted"',
  'al.ce',
  '\\.com$',
  '[0-9]',
  'pache',
  '^web|^old',
  'nomatch-anywhere',
  '^$',
];

const FIELDS: readonly (string | readonly [string, string])[] = [
  'title',
  'type',
  'certname',
  'environment',
  'file',
  'tag',
  ['parameter', 'ensure'],
  'parameters.ensure',
  // A number: matched by its JSON text.
  'parameters.port',
];

/** What `field ~ pattern` means, evaluated on one resource in JavaScript. */
function matches(row: Obj, field: (typeof FIELDS)[number], re: RE2): boolean {
  if (field === 'tag') {
    const insensitive = new RE2(`(?i)${re.source}`, 'u');
    return (row.tags as string[]).some((tag) => insensitive.test(tag));
  }
  if (Array.isArray(field) || (field as string).startsWith('parameters.')) {
    const name = Array.isArray(field) ? field[1] : (field as string).slice('parameters.'.length);
    const params = row.parameters as Record<string, unknown>;
    if (!Object.hasOwn(params, name)) return false;
    const value = params[name];
    return re.test(typeof value === 'string' ? value : canonicalJson(value));
  }
  const value = row[field as string];
  return value !== null && value !== undefined && re.test(String(value));
}

describe.each(DIALECTS)('regex narrowing on %s', (dialect) => {
  let t: TestStore;
  let all: Obj[];

  beforeAll(async () => {
    t = await openTestStore(dialect);
    await loadFleet(t.store, [...FLEET, EXTRA]);
    all = (await runQuery(t.store, null)).rows;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  for (const field of FIELDS) {
    it(`answers ~ and not ~ on ${JSON.stringify(field)} exactly as RE2 on every row`, async () => {
      for (const pattern of PATTERNS) {
        const re = new RE2(pattern, 'u');
        const expected = keys(all.filter((row) => matches(row, field, re)));
        const got = keys((await runQuery(t.store, ['~', field, pattern])).rows);
        expect(got, `${JSON.stringify(field)} ~ ${pattern}`).toEqual(expected);
        const negated = keys((await runQuery(t.store, ['not', ['~', field, pattern]])).rows);
        expect(negated, `not ${JSON.stringify(field)} ~ ${pattern}`).toEqual(
          keys(all.filter((row) => !matches(row, field, re))),
        );
      }
    });
  }
});
