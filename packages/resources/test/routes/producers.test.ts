/**
 * `/producers` over the table the triggers keep (store/producer-schema.ts), fed through the command
 * API: a producer named by facts, a catalog or a report alone, one that a node's next data changes,
 * and one whose data is gone, which stays listed as in PuppetDB ("a list of producers it has seen").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/lifecycle/gc.js';
import { buildTestApp, smallCatalog, type TestApp } from '../support/commands/fixtures.js';
import { sendCommand } from '../support/routes/example-fleet.js';
import type { Obj } from '../support/routes/example-server.js';
import { reportPayload } from '../support/routes/report-fleet.js';
import { DIALECTS } from '../support/store/test-stores.js';

const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0 + days * DAY).toISOString();

const BY_NAME = JSON.stringify([{ field: 'name' }]);

describe.each(DIALECTS)('producers on %s', (dialect) => {
  let h: TestApp | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const facts = (certname: string, producer: string, day: number) =>
    sendCommand(h!.app, 'replace_facts', 5, certname, {
      certname,
      environment: 'production',
      producer_timestamp: at(day),
      producer,
      values: { kernel: 'Linux' },
    });
  const catalog = (certname: string, producer: string | null, day: number) =>
    sendCommand(h!.app, 'replace_catalog', 9, certname, smallCatalog(certname, at(day), { producer }));
  const report = (certname: string, producer: string, day: number) =>
    sendCommand(h!.app, 'store_report', 8, certname, {
      ...reportPayload({ certname, at: at(day) }),
      producer,
    });
  const get = async (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    const res = await h!.app.inject({ url: `/pdb/query/v4${path}${search ? `?${search}` : ''}` });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const names = async (query: Record<string, string> = {}) => {
    const res = await get('/producers', { order_by: BY_NAME, ...query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as Obj[]).map((p) => p.name);
  };

  /** Facts alone from one server, a catalog alone from another, a report alone from a third. */
  const feedOneEach = async () => {
    h = await buildTestApp(dialect);
    await facts('facts-only.example.com', 'facts.example.com', 1);
    await catalog('catalog-only.example.com', 'catalog.example.com', 1);
    await report('report-only.example.com', 'report.example.com', 1);
    await catalog('no-producer.example.com', null, 1);
  };

  it('lists the producer of facts only, of a catalog only and of a report only, and no null one', async () => {
    await feedOneEach();
    expect(await names()).toEqual(['catalog.example.com', 'facts.example.com', 'report.example.com']);
    for (const name of ['catalog.example.com', 'facts.example.com', 'report.example.com']) {
      expect(await get(`/producers/${name}`)).toEqual({ status: 200, body: { name } });
    }
    const certnames = async (path: string) => ((await get(path)).body as Obj[]).map((r) => r.certname);
    expect(await certnames('/producers/facts.example.com/factsets')).toEqual(['facts-only.example.com']);
    expect(await certnames('/producers/catalog.example.com/catalogs')).toEqual(['catalog-only.example.com']);
    expect(await certnames('/producers/report.example.com/reports')).toEqual(['report-only.example.com']);
    expect(await certnames('/producers/report.example.com/catalogs')).toEqual([]);
  });

  it('answers 404 for a producer never seen, and reaches producers from the root, PQL and subqueries', async () => {
    await feedOneEach();
    expect(await get('/producers/nope.example.com')).toEqual({
      status: 404,
      body: { error: 'No information is known about producer nope.example.com' },
    });
    const root = async (query: unknown) =>
      (await get('', { query: typeof query === 'string' ? query : JSON.stringify(query) })).body;
    expect(await root(['from', 'producers', ['~', 'name', '^fact']])).toEqual([
      { name: 'facts.example.com' },
    ]);
    expect(await root('producers[name] { reports { certname = "report-only.example.com" } }')).toEqual([
      { name: 'report.example.com' },
    ]);
    const catalogs = await root([
      'from',
      'catalogs',
      ['in', 'producer', ['extract', 'name', ['select_producers', ['=', 'name', 'catalog.example.com']]]],
    ]);
    expect((catalogs as Obj[]).map((c) => c.certname)).toEqual(['catalog-only.example.com']);
    expect(await names({ query: JSON.stringify(['=', 'name', 'nope.example.com']) })).toEqual([]);
  });

  it("adds a node's new producer when its catalog, facts or report comes from another server", async () => {
    await feedOneEach();
    await facts('facts-only.example.com', 'facts.example.com', 2);
    await facts('facts-only.example.com', 'facts2.example.com', 3);
    await catalog('catalog-only.example.com', 'catalog2.example.com', 2);
    await catalog('no-producer.example.com', 'catalog3.example.com', 2);
    await report('report-only.example.com', 'report2.example.com', 2);
    expect(await names()).toEqual([
      'catalog.example.com',
      'catalog2.example.com',
      'catalog3.example.com',
      'facts.example.com',
      'facts2.example.com',
      'report.example.com',
      'report2.example.com',
    ]);
  });

  it('keeps listing a producer after its data is gone (node purge, report TTL), as PuppetDB does', async () => {
    await feedOneEach();
    for (const certname of ['facts-only.example.com', 'catalog-only.example.com']) {
      await sendCommand(h!.app, 'deactivate_node', 3, certname, { certname, producer_timestamp: at(2) });
    }
    const result = await collectGarbage(h!.t.store, {
      nodeTtlMs: 0,
      purgeTtlMs: DAY,
      reportTtlMs: DAY,
      now: () => new Date(at(10)),
    });
    expect(result).toEqual({ expired: 0, purged: 2, reports: 1 });
    expect(await names()).toEqual(['catalog.example.com', 'facts.example.com', 'report.example.com']);
    expect(await get('/producers/report.example.com')).toEqual({
      status: 200,
      body: { name: 'report.example.com' },
    });
    expect((await get('/producers/report.example.com/reports')).body).toEqual([]);
    expect((await get('/producers/catalog.example.com/catalogs')).body).toEqual([]);
    expect((await get('/producers/facts.example.com/factsets')).body).toEqual([]);
  });
});
