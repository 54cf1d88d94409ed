// In-process cost of the guard's hot path, in CPU time per call: `service.guardNow('auth', req)`
// over a cached token (X-JWT, and JWT cookie + X-XSRF-TOKEN), measured with process.cpuUsage so that
// other processes on the machine change the wall time but not the figure. Compares, in one run and
// in interleaved rounds, builds of @gatehouse/auth given as directories (e.g. before and after a
// change) and, for each, the revocation check on its default interval and asked on every call.
// Usage: node bench/auth-guard.micro.mjs [label=path/to/packages/auth ...]
//        (default: this checkout's packages/auth; build it first with `npx tsc -b packages/auth`)
// Options: BENCH_CALLS (default 500000 per measurement), BENCH_ROUNDS (default 7).
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const calls = Number(process.env.BENCH_CALLS ?? 500_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const here = fileURLToPath(new URL('../packages/auth', import.meta.url));
const builds = (process.argv.length > 2 ? process.argv.slice(2) : [`current=${here}`]).map((arg) => {
  const [label, dir] = arg.split('=');
  return { label, dir };
});

async function variants({ label, dir }) {
  const { Service } = await import(pathToFileURL(`${dir}/dist/index.js`).href);
  const make = (extra) => {
    const service = new Service({ secretReader: () => 'bench secret, not for production', ...extra });
    service.addDirectProvider('local', () => true);
    return service;
  };
  const out = [];
  const configs = [['default', {}]];
  // Builds that know revocation: also ask the store on every call.
  if (make({}).revocations) configs.push(['revocation asked every call', { revocationCheckIntervalMs: 0 }]);
  for (const [name, extra] of configs) {
    const service = make(extra);
    const login = await service.handle({
      method: 'POST',
      url: '/auth/local/login',
      headers: { 'content-type': 'application/json' },
      ip: '127.0.0.1',
      body: Buffer.from(JSON.stringify({ user: 'bench', passwd: 'bench' })),
    });
    const cookies = Object.fromEntries(
      login.headers['set-cookie'].map((c) => c.split(';')[0].split('=')).map(([k, ...v]) => [k, v.join('=')]),
    );
    const requests = {
      'X-JWT': { method: 'GET', url: '/private', headers: { 'x-jwt': cookies.JWT }, ip: '127.0.0.1' },
      'cookie + XSRF': {
        method: 'GET',
        url: '/private',
        headers: { cookie: `JWT=${cookies.JWT}`, 'x-xsrf-token': cookies['XSRF-TOKEN'] },
        ip: '127.0.0.1',
      },
    };
    for (const [way, req] of Object.entries(requests)) {
      await service.guard('auth', req); // verify once: the token is in the cache from here on
      out.push({ name: `${label}, ${way}, ${name}`, service, req });
    }
  }
  return out;
}

/** CPU ns per call of `guardNow` (awaiting only when a call answers with a promise). */
async function measure({ service, req }) {
  const start = process.cpuUsage();
  let pending = 0;
  for (let i = 0; i < calls; i++) {
    const outcome = service.guardNow('auth', req);
    if (typeof outcome.then === 'function') {
      pending++;
      const settled = await outcome;
      if (!settled.ok) throw new Error('refused');
    } else if (!outcome.ok) throw new Error('refused');
  }
  const used = process.cpuUsage(start);
  return { ns: ((used.user + used.system) * 1000) / calls, asyncShare: pending / calls };
}

const cases = (await Promise.all(builds.map(variants))).flat();
const samples = cases.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, c] of cases.entries()) samples[i].push(await measure(c));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model}), load ${os.loadavg()[0].toFixed(1)}, ` +
    `${rounds} rounds x ${calls} calls, medians`,
);
console.log(
  '| build, token, revocation | CPU ns per guard call (median) | min | max | calls answered asynchronously |',
);
console.log('|---|---:|---:|---:|---:|');
for (const [i, c] of cases.entries()) {
  const ns = samples[i].map((s) => s.ns);
  console.log(
    `| ${c.name} | ${Math.round(median(ns))} | ${Math.round(Math.min(...ns))} | ${Math.round(Math.max(...ns))} | ${(samples[i][0].asyncShare * 100).toFixed(0)}% |`,
  );
}
