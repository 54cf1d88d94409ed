import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryServer, startQueryServer } from '../support/routes/query-server.js';
import { DIALECTS } from '../support/store/test-stores.js';

describe.each(DIALECTS)('query route errors over HTTP on %s', (dialect) => {
  let server: QueryServer;
  let base: string;

  beforeAll(async () => {
    server = await startQueryServer(dialect, { maxQueryChars: 4096, maxBodyBytes: 8192 });
    base = server.base;
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (query: string, init?: RequestInit) => fetch(`${base}/pdb/query/v4/resources${query}`, init);
  const q = (value: unknown) =>
    `?query=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

  async function expectText(res: Response, status: number, text: string | RegExp) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await res.text();
    if (typeof text === 'string') expect(body).toBe(text);
    else expect(body).toMatch(text);
  }

  it('answers query mistakes with 400 text/plain and the bare message', async () => {
    await expectText(
      await get(q(['<', 'line', '10'])),
      400,
      'Argument "10" and operator "<" have incompatible types.',
    );
    await expectText(
      await get(q(['=', 'nope', 1])),
      400,
      /^'nope' is not a queryable object for resources\. Known/,
    );
    await expectText(await get(q(['='])), 400, '= requires exactly two arguments');
    await expectText(await get(q(['frob', 'title', 'x'])), 400, '"frob" is not a valid query operator');
    await expectText(await get(q('["=", "type"')), 400, /^Json parse error: /);
    await expectText(await get(q('resources { type = "File" }')), 400, /^Json parse error: /);
    await expectText(
      await get(q(['~', 'title', '(unclosed'])),
      400,
      /^Invalid regular expression "\(unclosed": /,
    );
  });

  it('answers parameter mistakes with PuppetDB texts', async () => {
    await expectText(await get('?foo=1'), 400, "Unsupported query parameter 'foo'");
    await expectText(
      await get('?limit=-1'),
      400,
      "Illegal value '-1' for :limit; expected a positive non-zero integer.",
    );
    await expectText(
      await get('?offset=x'),
      400,
      "Illegal value 'x' for :offset; expected a non-negative integer.",
    );
    await expectText(
      await get('?order_by=%5B%7B'),
      400,
      "Illegal value '[{' for :order_by; expected a JSON array of maps.",
    );
    const post = await get('', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ["=", "type", "File"], "bogus": 1}',
    });
    await expectText(post, 400, "Unsupported query parameter 'bogus'");
    const notObject = await get('', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '["=", "type", "File"]',
    });
    await expectText(notObject, 400, /^A POST body must be a JSON object/);
  });

  it('bounds query size: long query text and big bodies get 413, deep nesting 400', async () => {
    const long = ['or', ...Array.from({ length: 300 }, (_, i) => ['=', 'title', `title-${i}`])];
    await expectText(await get(q(long)), 413, 'Query is longer than 4096 characters');
    const big = JSON.stringify({ query: long, pad: 'x'.repeat(9000) });
    const res = await get('', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    let deep: unknown = ['=', 'type', 'File'];
    for (let i = 0; i < 80; i += 1) deep = ['not', deep];
    await expectText(await get(q(deep)), 400, 'Query is nested too deeply: more than 64 levels');
  });

  it('negotiates content: 406 for a non-JSON Accept, 415 for a non-JSON POST', async () => {
    await expectText(
      await get('', { headers: { accept: 'text/html' } }),
      406,
      'must accept application/json',
    );
    for (const accept of [
      'application/json',
      'application/json; charset=utf-8',
      'text/html, */*;q=0.1',
      'application/*',
    ]) {
      expect((await get('/User', { headers: { accept } })).status).toBe(200);
    }
    const pypuppetdbStyle = await get('/User', {
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(pypuppetdbStyle.status).toBe(200);
  });

  it('refuses a POST body that is not JSON with 415', async () => {
    const form = await get('', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=x',
    });
    await expectText(form, 415, 'content type application/x-www-form-urlencoded not supported');
  });

  it('refuses other methods with PuppetDB text', async () => {
    await expectText(await get('', { method: 'PUT' }), 400, 'PuppetDB queries must be made via GET/POST');
    await expectText(await get('', { method: 'DELETE' }), 400, 'PuppetDB queries must be made via GET/POST');
  });

  it('lets no partial body out when the query fails: the status comes before any row', async () => {
    const res = await get(q(['and', ['=', 'type', 'File'], ['~', 'title', '[']]));
    expect(res.status).toBe(400);
  });
});
