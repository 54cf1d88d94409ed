// Benchmark: one Fastify route three ways in one run — unguarded, guarded by cookie + XSRF, and
// guarded by X-JWT — with autocannon. The server runs in a child process so that the load
// generator and the server do not share one event loop. Needs the built package
// (`npx tsc -b packages/auth`); run through bench/auth.bench.sh.
// Options: BENCH_DURATION (seconds per route, default 10), BENCH_CONNECTIONS (default 32).
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { Service } = await import('../packages/auth/dist/index.js');
  const auth = new Service({ secretReader: () => 'bench secret, not for production' });
  auth.addDirectProvider('local', (user, passwd) => user === 'bench' && passwd === 'bench');
  const app = Fastify();
  await app.register(auth.fastify.plugin);
  const handler = async () => ({ ok: true });
  app.get('/open', handler);
  await app.register(async (child) => {
    child.addHook('onRequest', auth.fastify.auth());
    child.get('/guarded', handler);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ port: app.server.address().port });
}

async function load(url, headers) {
  const { default: autocannon } = await import('autocannon');
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up: JIT, token cache
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

async function main() {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { stdio: 'inherit' });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  const base = `http://127.0.0.1:${port}`;
  try {
    const res = await fetch(`${base}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'bench', passwd: 'bench' }),
    });
    const cookies = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));
    const runs = [
      ['unguarded', `${base}/open`, {}],
      ['cookie + XSRF', `${base}/guarded`, { cookie: `JWT=${cookies.JWT}`, 'x-xsrf-token': cookies['XSRF-TOKEN'] }],
      ['X-JWT header', `${base}/guarded`, { 'x-jwt': cookies.JWT }],
    ];
    const rows = [];
    for (const [name, url, headers] of runs) rows.push({ name, ...(await load(url, headers)) });
    const baseline = rows[0].rps;
    console.log(`node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model}), c=${connections}, ${duration}s per route`);
    console.log('| route | req/s | p50 ms | p99 ms | vs unguarded |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / baseline) * 100).toFixed(1)}% |`);
    }
  } finally {
    child.kill();
  }
}

if (process.argv.includes('--server')) await serve();
else await main();
