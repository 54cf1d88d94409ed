import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { forDialect } from '../../src/store/placeholders.js';
import { buildTestApp, count, smallCatalog, type TestApp } from '../support/commands/fixtures.js';
import { DIALECTS } from '../support/store/test-stores.js';

const TS = '2026-11-20T08:00:00.000Z';
const CMD = '/pdb/cmd/v1';

describe.each(DIALECTS)('POST /pdb/cmd/v1 on %s', (dialect) => {
  let h: TestApp;
  afterEach(async () => {
    await h?.close();
  });

  async function post(payload: unknown, query = '', headers: Record<string, string> = {}) {
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    return h.app.inject({
      method: 'POST',
      url: `${CMD}${query}`,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      payload: body,
    });
  }

  /** Asserts a 4xx JSON error and that nothing reached the database. */
  async function expectRejected(
    res: Awaited<ReturnType<typeof post>>,
    status: number,
    code: string,
    field?: string,
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(typeof body.error).toBe('string');
    if (field !== undefined) expect(body.field).toBe(field);
    await h.app.gatehouseResources.processor.idle();
    expect(await count(h.t, 'resources')).toBe(0);
    expect(await count(h.t, 'certnames')).toBe(0);
    return body;
  }

  it('accepts the terminus form (URL parameters) and stores the catalog', async () => {
    h = await buildTestApp(dialect);
    const query = `?checksum=abc&version=9&certname=web1&command=replace_catalog&producer-timestamp=${TS}`;
    const res = await post(smallCatalog('web1', TS), query);
    expect(res.statusCode).toBe(200);
    expect(res.json().uuid).toMatch(/^[0-9a-f-]{36}$/);
    await h.app.gatehouseResources.processor.idle();
    const rows = await h.t.store.all(
      'SELECT type, title, tags, parameters, environment, line FROM resources ORDER BY type',
    );
    expect(rows.map((r) => [r.type, r.title, r.environment])).toEqual([
      ['Class', 'main', 'production'],
      ['File', '/etc/hosts', 'production'],
    ]);
    expect(JSON.parse(rows[1]!.tags as string)).toEqual(['class', 'file']);
    expect(JSON.parse(rows[1]!.parameters as string).content).toEqual({ nested: [1, 'two'] });
    // SQLite: a row per tag of each resource; PostgreSQL: each tag name once (class, file).
    expect(await count(h.t, dialect === 'sqlite' ? 'resource_tags' : 'tag_names')).toBe(
      dialect === 'sqlite' ? 3 : 2,
    );
    expect(await count(h.t, 'resource_params')).toBe(5);
    expect(await count(h.t, 'edges')).toBe(1);
  });

  it('accepts the body form and waits with secondsToWaitForCompletion', async () => {
    h = await buildTestApp(dialect);
    const res = await post(
      { command: 'replace catalog', version: 9, payload: smallCatalog('web1', TS) },
      '?secondsToWaitForCompletion=10',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: true, timed_out: false, error: null, outcome: 'stored' });
    expect(await count(h.t, 'resources')).toBe(2);
  });

  it('accepts a gzip-compressed body', async () => {
    h = await buildTestApp(dialect);
    const body = gzipSync(JSON.stringify(smallCatalog('web1', TS)));
    const res = await post(
      body,
      '?command=replace_catalog&version=9&certname=web1&secondsToWaitForCompletion=10',
      {
        'content-encoding': 'gzip',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(await count(h.t, 'resources')).toBe(2);
  });

  // PostgreSQL only: holding SQLite's single writer from outside would block the enqueue itself
  // (a command is stored before it is acknowledged), not only its apply.
  it.runIf(dialect === 'postgres')(
    'answers 503 timed_out when the apply takes longer than the wait, and applies it later',
    async () => {
      h = await buildTestApp(dialect);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Hold the node's row so the apply must wait.
      const blocker = h.t.store.transaction(async (tx) => {
        await tx.run(forDialect(dialect, 'INSERT INTO certnames (certname) VALUES (?)'), ['web1']);
        locked();
        await held;
      });
      await isLocked;
      try {
        const res = await post(
          smallCatalog('web1', TS),
          '?command=replace_catalog&version=9&certname=web1&secondsToWaitForCompletion=0.2',
        );
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ processed: false, timed_out: true, code: 'ERR_CMD_TIMEOUT' });
      } finally {
        release();
        await blocker;
      }
      await h.app.gatehouseResources.processor.idle();
      expect(await count(h.t, 'resources')).toBe(2);
    },
  );

  it('rejects malformed JSON, an empty body and a non-object body', async () => {
    h = await buildTestApp(dialect);
    await expectRejected(await post('{"command": ', ''), 400, 'ERR_CMD_MALFORMED');
    await expectRejected(
      await post('', '?command=replace_catalog&version=9&certname=web1'),
      400,
      'ERR_CMD_MALFORMED',
    );
    await expectRejected(await post('[1,2]', ''), 400, 'ERR_CMD_INVALID_FIELD', 'body');
  });

  it('rejects missing envelope fields', async () => {
    h = await buildTestApp(dialect);
    await expectRejected(await post({ version: 9, payload: {} }), 400, 'ERR_CMD_MISSING_FIELD', 'command');
    await expectRejected(
      await post({ command: 'replace catalog', payload: {} }),
      400,
      'ERR_CMD_MISSING_FIELD',
      'version',
    );
    await expectRejected(
      await post({ command: 'replace catalog', version: 9 }),
      400,
      'ERR_CMD_MISSING_FIELD',
      'payload',
    );
    await expectRejected(
      await post(smallCatalog('web1', TS), '?command=replace_catalog&version=9'),
      400,
      'ERR_CMD_MISSING_FIELD',
      'certname',
    );
    await expectRejected(
      await post(smallCatalog('web1', TS), '?command=replace_catalog&certname=web1'),
      400,
      'ERR_CMD_MISSING_FIELD',
      'version',
    );
  });

  it('rejects unknown commands, unapplied commands and unsupported versions', async () => {
    h = await buildTestApp(dialect);
    const body = smallCatalog('web1', TS);
    const unknown = await expectRejected(
      await post({ command: 'replace everything', version: 1, payload: body }),
      400,
      'ERR_CMD_UNSUPPORTED_COMMAND',
      'command',
    );
    expect(unknown.error).toContain(
      'command must be one of replace catalog, replace facts, store report, deactivate node',
    );
    await expectRejected(
      await post({ command: 'configure expiration', version: 1, payload: {} }),
      400,
      'ERR_CMD_UNSUPPORTED_COMMAND',
    );
    const retired = await expectRejected(
      await post(body, '?command=replace_catalog&version=5&certname=web1'),
      400,
      'ERR_CMD_UNSUPPORTED_VERSION',
      'version',
    );
    expect(retired.error).toBe(
      'Command "replace catalog" for certname "web1" is invalid. version 5 is retired, the minimum supported version is 6',
    );
    await expectRejected(
      await post(body, '?command=replace_catalog&version=10&certname=web1'),
      400,
      'ERR_CMD_UNSUPPORTED_VERSION',
      'version',
    );
    await expectRejected(
      await post(body, '?command=replace_catalog&version=nine&certname=web1'),
      400,
      'ERR_CMD_INVALID_FIELD',
      'version',
    );
    await expectRejected(
      await post({ command: 'deactivate node', version: 2, payload: { certname: 'web1' } }),
      400,
      'ERR_CMD_UNSUPPORTED_VERSION',
    );
  });

  it('rejects unknown or repeated URL parameters and a bad wait', async () => {
    h = await buildTestApp(dialect);
    const body = smallCatalog('web1', TS);
    await expectRejected(
      await post(body, '?command=replace_catalog&version=9&certname=web1&colour=red'),
      400,
      'ERR_CMD_UNKNOWN_PARAMETER',
      'colour',
    );
    await expectRejected(
      await post(body, '?command=replace_catalog&version=9&version=8&certname=web1'),
      400,
      'ERR_CMD_INVALID_FIELD',
      'version',
    );
    await expectRejected(
      await post(body, '?command=replace_catalog&version=9&certname=web1&secondsToWaitForCompletion=-1'),
      400,
      'ERR_CMD_INVALID_FIELD',
      'secondsToWaitForCompletion',
    );
    await expectRejected(
      await post(body, '?command=replace_catalog&version=9&certname=web1&producer-timestamp=soon'),
      400,
      'ERR_CMD_INVALID_FIELD',
      'producer-timestamp',
    );
  });

  it('rejects a certname that differs between URL and payload', async () => {
    h = await buildTestApp(dialect);
    await expectRejected(
      await post(smallCatalog('web2', TS), '?command=replace_catalog&version=9&certname=web1'),
      400,
      'ERR_CMD_CERTNAME_MISMATCH',
      'certname',
    );
  });

  it('rejects bad catalogs: duplicates, dangling edges, bad fields, NUL characters', async () => {
    h = await buildTestApp(dialect);
    const q = '?command=replace_catalog&version=9&certname=web1';
    const dup = smallCatalog('web1', TS);
    dup.resources.push({ ...dup.resources[1]! });
    await expectRejected(await post(dup, q), 400, 'ERR_CMD_DUPLICATE_RESOURCE', 'resources[2]');
    const dangling = smallCatalog('web1', TS);
    dangling.edges.push({
      source: { type: 'Class', title: 'main' },
      target: { type: 'Service', title: 'gone' },
      relationship: 'contains',
    });
    await expectRejected(await post(dangling, q), 400, 'ERR_CMD_DANGLING_EDGE', 'edges[1].target');
    await expectRejected(
      await post({ ...smallCatalog('web1', TS), resources: [{ type: 'File' }] }, q),
      400,
      'ERR_CMD_MISSING_FIELD',
      'resources[0].title',
    );
    const nul = smallCatalog('web1', TS);
    nul.resources[1]!.parameters.content = 'a\u0000b';
    await expectRejected(await post(nul, q), 400, 'ERR_CMD_INVALID_FIELD');
  });

  it('rejects bad lifecycle payloads', async () => {
    h = await buildTestApp(dialect);
    await expectRejected(
      await post({ command: 'deactivate node', version: 3, payload: {} }),
      400,
      'ERR_CMD_MISSING_FIELD',
      'certname',
    );
    await expectRejected(
      await post({
        command: 'deactivate node',
        version: 3,
        payload: { certname: 'web1', producer_timestamp: 12 },
      }),
      400,
      'ERR_CMD_INVALID_FIELD',
      'producer_timestamp',
    );
    await expectRejected(
      await post({ command: 'replace facts', version: 5, payload: { certname: 'web1' } }),
      400,
      'ERR_CMD_MISSING_FIELD',
      'values',
    );
    await expectRejected(
      await post({ command: 'store report', version: 8, payload: { certname: 'web1', noop: 'yes' } }),
      400,
      'ERR_CMD_INVALID_FIELD',
      'noop',
    );
  });

  it('rejects a body over the limit and an unknown content encoding', async () => {
    h = await buildTestApp(dialect, { commandBodyLimit: 2048 });
    const big = smallCatalog('web1', TS);
    big.resources[1]!.parameters.content = 'x'.repeat(4096);
    await expectRejected(
      await post(big, '?command=replace_catalog&version=9&certname=web1'),
      413,
      'ERR_CMD_TOO_LARGE',
    );
    const bomb = gzipSync(JSON.stringify(big));
    expect(bomb.length).toBeLessThan(2048);
    await expectRejected(
      await post(bomb, '?command=replace_catalog&version=9&certname=web1', { 'content-encoding': 'gzip' }),
      413,
      'ERR_CMD_TOO_LARGE',
    );
    await expectRejected(
      await post('{}', '', { 'content-encoding': 'br' }),
      415,
      'ERR_CMD_UNSUPPORTED_MEDIA',
    );
  });

  it('serves a real listening socket (what the terminus talks to)', async () => {
    h = await buildTestApp(dialect);
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(
      `${address}${CMD}?command=replace_catalog&version=9&certname=web1&secondsToWaitForCompletion=10`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(smallCatalog('web1', TS)),
      },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { processed: boolean }).processed).toBe(true);
    expect(await count(h.t, 'resources')).toBe(2);
  });
});
