// Benchmark of the avatar proxy, per store (file, bolt = LMDB, mongodb = FerretDB when
// MONGODB_TEST_URL is set):
//  - login-time cost: put() of an identicon, put() of a 512x512 JPEG fetched from a local HTTP
//    server (fetch, decode, resize to 256, re-encode, store), and the bare store.put() of 20 kB;
//  - the avatar route through the real Service + Fastify plugin, with autocannon: cold (200 with
//    the bytes, cycling over 100 avatars) and hot (If-None-Match matches, 304).
// The server runs in a child process so the load generator does not share its event loop.
// Needs the built package (`npx tsc -b packages/auth`); run through bench/avatar.bench.sh.
// Options: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 32).
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const AVATARS = 100;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(times, fn) {
  const samples = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function pictureServer() {
  const { default: sharp } = await import('sharp');
  const jpeg = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#c83c5a' } })
    .jpeg()
    .toBuffer();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
    res.end(jpeg);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/me.jpg`, close: () => server.close() };
}

async function serve(storeURI) {
  const { default: Fastify } = await import('fastify');
  const { Service, openAvatarStore } = await import('../packages/auth/dist/index.js');
  const { randomBytes } = await import('node:crypto');
  const auth = new Service({
    secretReader: () => 'bench secret, not for production',
    url: 'http://127.0.0.1',
    avatarStore: storeURI,
    avatarResizeLimit: 256,
  });
  const proxy = auth.avatarProxy;
  const pictures = await pictureServer();
  const identicon = await timed(AVATARS, (i) => proxy.put({ id: `bench_${i}`, name: 'b' }));
  const fetched = await timed(50, (i) =>
    proxy.put({ id: `bench_pic_${i}`, name: 'b', picture: pictures.url }),
  );
  pictures.close();
  const store = await openAvatarStore(storeURI);
  const bytes = randomBytes(20_000);
  const storePut = await timed(200, (i) => store.put(`bench_raw_${i}`, bytes));
  await store.close();
  const paths = [];
  for (let i = 0; i < AVATARS; i++) {
    const link = await proxy.put({ id: `bench_${i}`, name: 'b' });
    paths.push(new URL(link).pathname);
  }
  const app = Fastify();
  await app.register(auth.fastify.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = app.server.address().port;
  const etags = [];
  for (const path of paths) etags.push((await fetch(`http://127.0.0.1:${port}${path}`)).headers.get('etag'));
  process.send({ port, paths, etags, identicon, fetched, storePut });
}

async function load(port, requests, expected) {
  const { default: autocannon } = await import('autocannon');
  const opts = { url: `http://127.0.0.1:${port}`, connections, requests };
  await autocannon({ ...opts, duration: 2 });
  const result = await autocannon({ ...opts, duration });
  const ok = result[expected];
  if (result.errors > 0 || ok !== result.requests.total) {
    throw new Error(
      `expected only ${expected}: ${JSON.stringify({ ok, total: result.requests.total, errors: result.errors })}`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function benchStore(name, storeURI) {
  const child = fork(fileURLToPath(import.meta.url), ['--server', storeURI], { stdio: 'inherit' });
  try {
    const info = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`server for ${name} exited ${code}`)));
    });
    const cold = await load(
      info.port,
      info.paths.map((path) => ({ method: 'GET', path })),
      '2xx',
    );
    const hot = await load(
      info.port,
      info.paths.map((path, i) => ({ method: 'GET', path, headers: { 'if-none-match': info.etags[i] } })),
      '3xx',
    );
    return { name, ...info, cold, hot };
  } finally {
    child.kill();
  }
}

const ms = (n) => n.toFixed(2);

async function main() {
  const dir = await mkdtemp(join(os.tmpdir(), 'gatehouse-avatar-bench-'));
  const stores = [
    ['file', `file://${dir}/files`],
    ['bolt (LMDB)', `bolt://${dir}/avatars.db`],
  ];
  if (process.env.MONGODB_TEST_URL) {
    const base = process.env.MONGODB_TEST_URL.split('?')[0];
    stores.push([
      'mongodb (FerretDB/SQLite)',
      `${base}?ava_db=gatehouse_bench&ava_coll=avatars_${Date.now()}`,
    ]);
  } else {
    console.log('MONGODB_TEST_URL not set: skipping the mongodb store (run `make test-setup`)');
  }
  console.log(
    `node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, ${connections} connections, ${duration}s per run`,
  );
  console.log(
    '| store | route cold 200 req/s (p50/p99 ms) | route hot 304 req/s (p50/p99 ms) | put identicon p50/p99 ms | put fetched 512px JPEG p50/p99 ms | store.put 20 kB p50/p99 ms |',
  );
  console.log('|---|---|---|---|---|---|');
  try {
    for (const [name, uri] of stores) {
      const r = await benchStore(name, uri);
      console.log(
        `| ${name} | ${Math.round(r.cold.rps)} (${r.cold.p50}/${r.cold.p99}) | ${Math.round(r.hot.rps)} (${r.hot.p50}/${r.hot.p99}) | ` +
          `${ms(r.identicon.p50)}/${ms(r.identicon.p99)} | ${ms(r.fetched.p50)}/${ms(r.fetched.p99)} | ${ms(r.storePut.p50)}/${ms(r.storePut.p99)} |`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--server') await serve(process.argv[3]);
else await main();
