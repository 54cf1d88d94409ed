// Benchmark: one Fastify route in one run — unguarded, guarded by cookie + XSRF, guarded by X-JWT
// (revocation checked every 10 s per token, the default), guarded by X-JWT asking the revocation
// store on every request — with autocannon. The server runs in a child process so that the load
// generator and the server do not share one event loop. Needs the built package
// (`npx tsc -b packages/auth`); run through bench/auth.bench.sh.
// The three routes are measured in interleaved rounds (A B C, A B C, ...) and the median of each is
// reported, so that a change in background load hits all three alike.
// Options: BENCH_DURATION (seconds per route and round, default 5), BENCH_ROUNDS (default 3),
// BENCH_CONNECTIONS (default 32).
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureRun } from './lib/measure.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { Service } = await import('../packages/auth/dist/index.js');
  const secretReader = () => 'bench secret, not for production';
  const check = (user, passwd) => user === 'bench' && passwd === 'bench';
  const auth = new Service({ secretReader });
  auth.addDirectProvider('local', check);
  // The same guard asking the revocation store on every request (revocationCheckIntervalMs 0): the
  // cost of the check itself, which the default interval (10 s) takes off the hot path.
  const everyTime = new Service({ secretReader, revocationCheckIntervalMs: 0 });
  everyTime.addDirectProvider('local', check);
  const app = Fastify();
  await app.register(auth.fastify.plugin);
  const handler = async () => ({ ok: true });
  app.get('/open', handler);
  await app.register(async (child) => {
    child.addHook('onRequest', auth.fastify.auth());
    child.get('/guarded', handler);
  });
  await app.register(async (child) => {
    child.addHook('onRequest', everyTime.fastify.auth());
    child.get('/guarded-recheck', handler);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // CPU time the server spent, asked for around each run: robust when other processes share the box.
  process.on('message', () => process.send({ cpu: process.cpuUsage() }));
  process.send({ port: app.server.address().port });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function serverCpu(child) {
  return new Promise((resolve) => {
    child.once('message', ({ cpu }) => resolve(cpu.user + cpu.system));
    child.send('cpu');
  });
}

async function load(child, url, headers) {
  const { default: autocannon } = await import('autocannon');
  await autocannon({ url, headers, connections, duration: 1 }); // warm-up: JIT, token cache
  return measureRun({ url, headers, connections, duration }, () => serverCpu(child));
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
    const cookieHeaders = { cookie: `JWT=${cookies.JWT}`, 'x-xsrf-token': cookies['XSRF-TOKEN'] };
    const xJwtHeaders = { 'x-jwt': cookies.JWT };
    // [name, url, headers, the unguarded run receiving the same headers]
    const runs = [
      ['unguarded', `${base}/open`, {}],
      ['cookie + XSRF', `${base}/guarded`, cookieHeaders, 'unguarded, cookie headers sent'],
      ['X-JWT header', `${base}/guarded`, xJwtHeaders, 'unguarded, X-JWT header sent'],
      [
        'X-JWT, revocation asked every request',
        `${base}/guarded-recheck`,
        xJwtHeaders,
        'unguarded, X-JWT header sent',
      ],
      // The same unguarded route receiving the same headers as a guarded run: what a browser or an
      // API client sends anyway; the difference to the first row is HTTP parsing, not auth.
      ['unguarded, cookie headers sent', `${base}/open`, cookieHeaders],
      ['unguarded, X-JWT header sent', `${base}/open`, xJwtHeaders],
    ];
    const samples = runs.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, [, url, headers]] of runs.entries()) samples[i].push(await load(child, url, headers));
    }
    const rows = runs.map(([name, , , sameHeaders], i) => ({
      name,
      sameHeaders,
      rps: median(samples[i].map((s) => s.rps)),
      p50: median(samples[i].map((s) => s.p50)),
      p99: median(samples[i].map((s) => s.p99)),
      cpu: median(samples[i].map((s) => s.cpu)),
    }));
    const baseline = rows[0];
    const [load1] = os.loadavg();
    console.log(
      `node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model}), load ${load1.toFixed(1)}, ` +
        `c=${connections}, ${rounds} rounds x ${duration}s per route, medians`,
    );
    console.log(
      '| route | req/s | p50 ms | p99 ms | req/s vs unguarded | server CPU µs/req | CPU-bound throughput vs unguarded | CPU-bound vs unguarded with the same headers |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const pct = (x) => `${(x * 100).toFixed(1)}%`;
    for (const r of rows) {
      const same = r.sameHeaders && rows.find((other) => other.name === r.sameHeaders);
      console.log(
        `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${pct(r.rps / baseline.rps)} | ` +
          `${r.cpu.toFixed(1)} | ${pct(baseline.cpu / r.cpu)} | ${same ? pct(same.cpu / r.cpu) : ''} |`,
      );
    }
  } finally {
    child.kill();
  }
}

if (process.argv.includes('--server')) await serve();
else await main();
