/**
 * Compressed answers over real HTTP: each encoding decodes to the very bytes of the uncompressed
 * answer, q-values choose the encoding, short answers and disabled compression stay plain.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/routes/compression.js';
import type { FixtureNode, FixtureResource } from '../support/query/fixtures.js';
import { type QueryServer, startQueryServer } from '../support/routes/query-server.js';

const MANY: FixtureNode = {
  certname: 'many.example.com',
  environment: 'production',
  resources: Array.from(
    { length: 300 },
    (_, i): FixtureResource => ({
      type: 'File',
      title: `/srv/data/${String(i).padStart(4, '0')}`,
      tags: ['file'],
      parameters: { ensure: 'file', mode: '0644', content: `row ${i}` },
    }),
  ),
};

interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A GET with exactly the headers given (fetch would add and undo its own Accept-Encoding). */
function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

describe('choosing an encoding from Accept-Encoding', () => {
  it.each([
    ['gzip, deflate', 'gzip'],
    ['deflate, gzip', 'gzip'],
    ['br', 'br'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['deflate;q=1, gzip;q=0.1', 'deflate'],
    ['*', 'gzip'],
    ['gzip;q=0, deflate', 'deflate'],
    ['identity', undefined],
    ['compress, x-foo', undefined],
    ['', undefined],
  ])('%j -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('treats an absent header as identity', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('compressed query answers', () => {
  let server: QueryServer;
  let plainServer: QueryServer;
  const path = `/pdb/query/v4/resources?order_by=${encodeURIComponent('[{"field":"title"}]')}`;

  beforeAll(async () => {
    server = await startQueryServer('sqlite', {}, [MANY]);
    plainServer = await startQueryServer('sqlite', { compression: { enabled: false, minBytes: 0 } }, [MANY]);
  });
  afterAll(async () => {
    await server?.close();
    await plainServer?.close();
  });

  it.each(['gzip', 'br', 'deflate'])('%s decodes to the same bytes as the plain answer', async (encoding) => {
    const plain = await get(server.base + path, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await get(server.base + path, { 'accept-encoding': encoding });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toBe('Accept-Encoding');
    expect(packed.body.length).toBeLessThan(plain.body.length / 4);
    expect(DECODE[encoding]!(packed.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveLength(300);
  });

  it('streams a compressed answer in chunks', async () => {
    const res = await get(server.base + path, { 'accept-encoding': 'gzip' });
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
  });

  it('sends an answer under the minimum size as it is, with its length', async () => {
    const small = `/pdb/query/v4/resources/File/${encodeURIComponent('/srv/data/0001')}`;
    const res = await get(server.base + small, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(1);
  });

  it('never compresses when compression is off', async () => {
    const res = await get(plainServer.base + path, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(300);
  });

  it('answers errors uncompressed with their status', async () => {
    const res = await get(
      `${server.base}/pdb/query/v4/resources?query=${encodeURIComponent('["<","title","x"]')}`,
      {
        'accept-encoding': 'gzip',
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.toString('utf8')).toBe('Query operators >,>=,<,<= are not allowed on field title');
  });
});
