import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_SINCE } from '../support/query/fixtures.js';
import { type QueryServer, startQueryServer } from '../support/routes/query-server.js';
import { DIALECTS } from '../support/store/test-stores.js';

const NOW = new Date(new Date(INACTIVE_SINCE).getTime() + 14 * 86_400_000);

describe.each(DIALECTS)('query routes over HTTP on %s', (dialect) => {
  let server: QueryServer;
  let base: string;

  beforeAll(async () => {
    server = await startQueryServer(dialect, { now: () => NOW });
    base = server.base;
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
  const enc = (value: unknown) =>
    encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  const titles = async (res: Response) =>
    ((await res.json()) as { certname: string; title: string }[])
      .map((r) => `${r.certname} ${r.title}`)
      .sort();

  /** fetch refuses a GET body and always types a POST body, so these speak HTTP with node:http. */
  const rawRequest = (method: string, body: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${base}/pdb/query/v4/resources`, {
        method,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', async (res) => {
        let data = '';
        for await (const chunk of res) data += chunk;
        resolve({ status: res.statusCode ?? 0, body: data });
      });
      req.on('error', reject);
      req.end(body);
    });

  it('streams all resources of active nodes as a JSON array', async () => {
    const res = await get('/pdb/query/v4/resources');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows).toHaveLength(9);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'certname',
        'environment',
        'exported',
        'file',
        'line',
        'parameters',
        'resource',
        'tags',
        'title',
        'type',
      ]);
    }
  });

  it('narrows by type and title in the path, capitalising the type, and by query', async () => {
    expect(await titles(await get('/pdb/query/v4/resources/package'))).toEqual([
      'web1.example.com nginx',
      'web2.example.com nginx',
    ]);
    expect(await titles(await get('/pdb/query/v4/resources/apache::vhost/site'))).toEqual([
      'web2.example.com site',
    ]);
    expect(await titles(await get('/pdb/query/v4/resources/File/%2Fetc%2Fhosts'))).toHaveLength(2);
    // pypuppetdb sends raw slashes: everything after the type is the title.
    expect(await titles(await get('/pdb/query/v4/resources/File//etc/hosts'))).toHaveLength(2);
    const query = enc(['=', 'certname', 'web2.example.com']);
    expect(await titles(await get(`/pdb/query/v4/resources/File?query=${query}`))).toEqual([
      'web2.example.com /etc/hosts',
    ]);
  });

  it('decodes + as a space in the query (as Python requests encodes it)', async () => {
    const res = await get('/pdb/query/v4/resources?query=%5B%22%3D%22%2C+%22type%22%2C+%22Class%22%5D');
    expect(await titles(res)).toEqual(['web1.example.com main']);
  });

  it('serves the nested node route and 404s an unknown node with JSON', async () => {
    expect(await titles(await get('/pdb/query/v4/nodes/web1.example.com/resources/Package'))).toEqual([
      'web1.example.com nginx',
    ]);
    const missing = await get('/pdb/query/v4/nodes/nobody/resources');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No information is known about node nobody' });
    expect(await titles(await get('/pdb/query/v4/environments/staging/resources/Package'))).toEqual([
      'web2.example.com nginx',
    ]);
    expect((await get('/pdb/query/v4/catalogs/nobody/resources')).status).toBe(404);
  });

  it('pages with limit, offset, order_by and include_total -> X-Records', async () => {
    const order = enc([{ field: 'title', order: 'DESC' }, { field: 'certname' }]);
    const res = await get(`/pdb/query/v4/resources?order_by=${order}&limit=2&offset=1&include_total=true`);
    expect(res.headers.get('x-records')).toBe('9');
    expect(((await res.json()) as { title: string }[]).map((r) => r.title)).toEqual([
      'web1.example.com',
      'site',
    ]);
    const noTotal = await get('/pdb/query/v4/resources?limit=1&include_total=yes');
    expect(noTotal.headers.get('x-records')).toBeNull();
  });

  it('answers POST with a JSON body, including a query given as JSON text', async () => {
    const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      get('/pdb/query/v4/resources', { method: 'POST', headers, body: JSON.stringify(body) });
    const res = await post({ query: ['~', 'certname', '^web1'], order_by: [{ field: 'title' }], limit: 1 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { title: string }[]).map((r) => r.title)).toEqual(['/etc/hosts']);
    expect(await titles(await post({ query: '["=", "type", "User"]' }))).toEqual(['web1.example.com alice']);
    const untyped = await rawRequest('POST', JSON.stringify({ query: ['=', 'type', 'User'] }), {});
    expect(JSON.parse(untyped.body).map((r: { title: string }) => r.title)).toEqual(['alice']);
  });

  it('accepts a GET with a form-encoded body, as curl --data-urlencode sends it', async () => {
    const body = `query=${enc(['=', 'type', 'User'])}`;
    const text = await rawRequest('GET', body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(JSON.parse(text.body).map((r: { title: string }) => r.title)).toEqual(['alice']);
  });

  it('answers top-level extract with count and group_by', async () => {
    const query = enc([
      'extract',
      [['function', 'count'], 'type'],
      ['=', 'exported', true],
      ['group_by', 'type'],
    ]);
    expect(await (await get(`/pdb/query/v4/resources?query=${query}`)).json()).toEqual([
      { count: 2, type: 'Nagios_host' },
    ]);
  });

  it('pretty-prints on request', async () => {
    const res = await get(`/pdb/query/v4/resources/User?pretty=true`);
    const text = await res.text();
    expect(text.startsWith('[\n  {\n')).toBe(true);
    expect(JSON.parse(text)).toHaveLength(1);
  });

  it('serves version, server-time and status', async () => {
    expect(await (await get('/pdb/meta/v1/version')).json()).toEqual({ version: '7.12.1' });
    expect(await (await get('/pdb/meta/v1/server-time')).json()).toEqual({ server_time: NOW.toISOString() });
    const status = (await (await get('/status/v1/services/puppetdb-status')).json()) as Record<
      string,
      unknown
    >;
    expect(status).toMatchObject({
      state: 'running',
      service_version: '7.12.1',
      status: { 'read_db_up?': true },
    });
    expect((await get('/pdb/meta/v1/version?x=1')).status).toBe(400);
  });
});
