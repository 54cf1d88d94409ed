/**
 * A parameter named `__proto__` is data like any other: stored, queryable, returned and part of
 * the resource hash. (Assigning it to a plain object would set the prototype and drop it.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, sha1Hex } from '../../src/store/canonical-json.js';
import { buildTestApp, type TestApp } from '../support/commands/fixtures.js';
import { DIALECTS } from '../support/store/test-stores.js';

// Written as JSON text: a JS object literal would treat `__proto__` as the prototype.
const CATALOG = `{"certname": "proto1", "version": "1", "environment": "production",
  "transaction_uuid": null, "catalog_uuid": null, "code_id": null, "job_id": null, "producer": null,
  "producer_timestamp": "2026-11-20T08:00:00.000Z", "edges": [],
  "resources": [{"type": "File", "title": "/etc/motd", "exported": false, "tags": ["file"],
    "parameters": {"ensure": "file", "__proto__": {"a": 1}}}]}`;
// The hash of PuppetDB's canonical [type, title, parameters], keys sorted, written out by hand.
const EXPECTED_HASH = sha1Hex('["File","/etc/motd",{"__proto__":{"a":1},"ensure":"file"}]');

describe('canonicalJson', () => {
  it('keeps a __proto__ key at every depth', () => {
    const value = JSON.parse('{"b": [{"__proto__": {"x": null}}], "__proto__": {"a": 1}}');
    expect(canonicalJson(value)).toBe('{"__proto__":{"a":1},"b":[{"__proto__":{"x":null}}]}');
  });
});

describe.each(DIALECTS)('a __proto__ parameter on %s', (dialect) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await buildTestApp(dialect);
    const res = await h.app.inject({
      method: 'POST',
      url: '/pdb/cmd/v1?command=replace_catalog&version=9&certname=proto1&secondsToWaitForCompletion=10',
      headers: { 'content-type': 'application/json' },
      payload: CATALOG,
    });
    expect(res.json()).toMatchObject({ processed: true, outcome: 'stored' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is stored, hashed and returned', async () => {
    const res = await h.app.inject({ url: '/pdb/query/v4/resources/File' });
    expect(res.statusCode).toBe(200);
    const [row] = JSON.parse(res.body) as { resource: string; parameters: Record<string, unknown> }[];
    expect(Object.hasOwn(row!.parameters, '__proto__')).toBe(true);
    // Key order is the database's (jsonb orders by length); compare canonically.
    expect(canonicalJson(row!.parameters)).toBe('{"__proto__":{"a":1},"ensure":"file"}');
    expect(row!.resource).toBe(EXPECTED_HASH);
  });

  it('is queryable as a parameter and a dotted path', async () => {
    for (const query of [
      ['=', ['parameter', '__proto__'], JSON.parse('{"a": 1}')],
      ['=', 'parameters.__proto__.a', 1],
    ]) {
      const res = await h.app.inject({
        url: `/pdb/query/v4/resources?query=${encodeURIComponent(JSON.stringify(query))}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((JSON.parse(res.body) as { title: string }[]).map((r) => r.title)).toEqual(['/etc/motd']);
    }
  });
});
