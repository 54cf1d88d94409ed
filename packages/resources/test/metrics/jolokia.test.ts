/**
 * PuppetDB's Jolokia metrics over real HTTP with the plugin's `metricsV2` on, over the example
 * fleet fed through the command API: the list, each population figure against the store's own
 * counts, the command-processing figures, Jolokia's escapes and the errors of unknown names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitJolokiaPath } from '../../src/metrics/jolokia.js';
import { buildTestApp, type TestApp } from '../support/commands/fixtures.js';
import { feedExampleFleet } from '../support/routes/example-fleet.js';
import { DIALECTS } from '../support/store/test-stores.js';

type Obj = Record<string, unknown>;
const POPULATION = 'puppetlabs.puppetdb.population';

describe.each(DIALECTS)('Jolokia metrics on %s', (dialect) => {
  let h: TestApp;
  let base: string;

  beforeAll(async () => {
    h = await buildTestApp(dialect, { metricsV2: true });
    await feedExampleFleet(h.app, Date.now());
    base = await h.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = async (path: string) => {
    const res = await fetch(base + path);
    return { status: res.status, body: (await res.json()) as Obj };
  };
  const read = async (mbean: string) => {
    const { status, body } = await get(`/metrics/v2/read/${mbean}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.value as Obj;
  };

  it('lists the population and command mbeans by domain', async () => {
    const { status, body } = await get('/metrics/v2/list');
    expect(status).toBe(200);
    expect(body.request).toEqual({ type: 'list' });
    const value = body.value as Record<string, Record<string, { attr: Obj }>>;
    expect(Object.keys(value[POPULATION]!).sort()).toEqual([
      'name=avg-resources-per-node',
      'name=num-nodes',
      'name=num-resources',
      'name=pct-resource-dupes',
    ]);
    expect(Object.keys(value['puppetlabs.puppetdb.mq']!)).toContain('name=global.processed');
    expect(Object.keys(value[POPULATION]!['name=num-nodes']!.attr)).toEqual(['Value']);
  });

  it('reads the population of active nodes as the store counts it', async () => {
    const active = '(SELECT certname FROM certnames WHERE deactivated IS NULL AND expired IS NULL)';
    const [counts] = await h.t.store.all(
      `SELECT count(*) AS total, count(DISTINCT resource) AS different FROM resources WHERE certname IN ${active}`,
    );
    const total = Number(counts!.total);
    const different = Number(counts!.different);
    expect((await read(`${POPULATION}:name=num-nodes`)).Value).toBe(3);
    expect((await read(`${POPULATION}:name=num-resources`)).Value).toBe(total);
    expect((await read(`${POPULATION}:name=avg-resources-per-node`)).Value).toBeCloseTo(total / 3);
    const dupes = (await read(`${POPULATION}:name=pct-resource-dupes`)).Value as number;
    expect(dupes).toBeCloseTo(1 - different / total);
    expect(dupes).toBeGreaterThan(0);
    const { body } = await get(`/metrics/v2/read/${POPULATION}:name=num-nodes/Value`);
    expect(body).toMatchObject({
      request: { mbean: `${POPULATION}:name=num-nodes`, attribute: 'Value', type: 'read' },
      value: 3,
      status: 200,
    });
  });

  it('reads the commands this instance applied', async () => {
    const processed = await read('puppetlabs.puppetdb.mq:name=global.processed');
    // Four catalogs, four factsets, a report and a deactivation.
    expect(processed.Count).toBe(10);
    const timing = await read('puppetlabs.puppetdb.mq:name=global.processing-time');
    expect(timing.Count).toBe(10);
    expect(timing.Max as number).toBeGreaterThanOrEqual(timing.Mean as number);
    expect((await read('puppetlabs.puppetdb.mq:name=global.depth')).Count).toBe(0);
  });

  it('answers Jolokia errors for unknown mbeans and attributes', async () => {
    const unknown = await get('/metrics/v2/read/java.lang:type=Memory');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      error_type: 'javax.management.InstanceNotFoundException',
      status: 404,
    });
    const attribute = await get(`/metrics/v2/read/${POPULATION}:name=num-nodes/Nope`);
    expect(attribute.status).toBe(404);
    expect(attribute.body.error).toMatch(/AttributeNotFoundException/);
  });
});

describe('Jolokia path escapes', () => {
  it('unescapes !/, !! and !" and splits at the other slashes', () => {
    expect(splitJolokiaPath('a:name=x!/y/Value')).toEqual(['a:name=x/y', 'Value']);
    expect(splitJolokiaPath('a:name=!!!"q!"')).toEqual(['a:name=!"q"']);
  });
});

describe('without metricsV2', () => {
  it('serves no Jolokia route', async () => {
    const h = await buildTestApp('sqlite');
    try {
      const res = await h.app.inject({ method: 'GET', url: '/metrics/v2/list' });
      expect(res.statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });
});
