import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerQueryRoutes } from '../../src/routes/query-routes.js';
import { type FixtureNode, type FixtureResource, loadFleet } from '../support/query/fixtures.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const COUNT = 800;
const BIG: FixtureNode = {
  certname: 'big.example.com',
  environment: 'production',
  resources: Array.from(
    { length: COUNT },
    (_, i): FixtureResource => ({
      type: 'File',
      title: `/srv/file-${String(i).padStart(5, '0')}`,
      file: '/etc/puppet/big.pp',
      line: i,
      tags: ['file', 'big'],
      parameters: { ensure: 'file', content: `line ${i} ${'x'.repeat(40)}`, mode: '0644' },
    }),
  ),
};

describe.each(DIALECTS)('streamed responses on %s', (dialect) => {
  let t: TestStore;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    t = await openTestStore(dialect);
    await loadFleet(t.store, [BIG]);
    app = Fastify();
    await registerQueryRoutes(app, { store: t.store });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  it('streams many rows in several chunks as one valid JSON array', async () => {
    const res = await fetch(
      `${base}/pdb/query/v4/resources?order_by=${encodeURIComponent('[{"field":"line"}]')}`,
    );
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const rows = JSON.parse(text) as { line: number; parameters: { content: string } }[];
    expect(rows.map((r) => r.line)).toEqual(Array.from({ length: COUNT }, (_, i) => i));
    expect(rows[7]!.parameters.content).toBe(`line 7 ${'x'.repeat(40)}`);
  });

  it('pretty-prints a long stream into valid JSON', async () => {
    const res = await fetch(`${base}/pdb/query/v4/resources/File?pretty=true`);
    expect((JSON.parse(await res.text()) as unknown[]).length).toBe(COUNT);
  });

  it('releases the database connection of every request whose client gives up early', async () => {
    // The test store has 4 PostgreSQL connections: a leaked cursor per abandoned request would
    // exhaust them, and the requests below would hang.
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const controller = new AbortController();
          const pending = fetch(`${base}/pdb/query/v4/resources?include_total=true`, {
            signal: controller.signal,
          });
          setTimeout(() => controller.abort(), i % 4);
          await pending.then((res) => res.body?.cancel()).catch(() => undefined);
        }),
      );
    }
    for (let i = 0; i < 8; i += 1) {
      const res = await fetch(`${base}/pdb/query/v4/resources?limit=2`, {
        signal: AbortSignal.timeout(5000),
      });
      expect(((await res.json()) as unknown[]).length).toBe(2);
    }
  });

  it('survives a client that goes away mid-stream, and serves the next request', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/pdb/query/v4/resources`, { signal: controller.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => undefined);
    for (let i = 0; i < 6; i += 1) {
      const again = await fetch(`${base}/pdb/query/v4/resources?limit=3`);
      expect(((await again.json()) as unknown[]).length).toBe(3);
    }
  });
});
