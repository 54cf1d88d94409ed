#!/usr/bin/env node
// Isolation of the service's areas (issue 10): p50/p99 of `GET /ping` and of a guarded
// `GET /auth/user` (X-JWT) at 16 connections, first with the service alone, then while each
// scenario of SCENARIOS loads another area. Target: p99 under load <= 2x p99 alone, and < 25 ms.
//
// One real service (`gatehouse serve`, a child process) serves every scenario. A scenario is a
// module in bench/isolation/ exporting { name, prepare({ config, env }) -> description,
// start({ url }) -> stop() -> summary }; add one by appending it to SCENARIOS.
// Env: BENCH_DURATION (10 s per route and scenario), BENCH_CONNECTIONS (16).
// Run through bench/isolation.bench.sh (builds first).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { resourceQueries } from './isolation/resources-queries.mjs';
import { webhookBusyLoop } from './isolation/webhook-busy-loop.mjs';

const SCENARIOS = [resourceQueries, webhookBusyLoop];
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP_MS = 3000;

function startService(cwd, env) {
  const child = spawn(
    process.execPath,
    [
      'packages/server/bin/gatehouse.js',
      'serve',
      '--port',
      '0',
      '--config',
      join(cwd, 'gatehouse.config.json'),
      '--data-dir',
      join(cwd, 'data'),
    ],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gatehouse serve exited with ${code}:\n${stderr}`)));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      // The service logs JSON records: read their messages.
      const log = stderr
        .split('\n')
        .map((line) => {
          try {
            return JSON.parse(line).msg ?? line;
          } catch {
            return line;
          }
        })
        .join('\n');
      const url = /listening on (http:\/\/\S+)/.exec(log)?.[1];
      const password = /password "([\w-]{24})"/.exec(log)?.[1];
      if (url && password && /^ready\b/m.test(log)) resolve({ child, url, password });
    });
  });
}

async function login(url, password) {
  const res = await fetch(`${url}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `user=admin&passwd=${encodeURIComponent(password)}`,
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const jwt = /JWT=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
  if (!jwt) throw new Error('login: no JWT cookie');
  return jwt;
}

async function measure(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function routes(url, jwt) {
  return {
    '/ping': await measure(`${url}/ping`, {}),
    'GET /auth/user (guarded)': await measure(`${url}/auth/user`, { 'X-JWT': jwt }),
  };
}

const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-isolation-'));
const config = {};
const env = {};
const notes = [];
for (const scenario of SCENARIOS) notes.push(await scenario.prepare({ config, env }));
writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(config));
const service = await startService(cwd, env);
try {
  const jwt = await login(service.url, service.password);
  await autocannon({ url: `${service.url}/ping`, connections: CONNECTIONS, duration: 2 }); // warm-up
  const rows = [];
  const loads = [
    `load before: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  ];
  const alone = await routes(service.url, jwt);
  for (const [route, r] of Object.entries(alone)) rows.push(['alone', route, r, '']);
  for (const scenario of SCENARIOS) {
    const stop = await scenario.start({ url: service.url });
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const loaded = await routes(service.url, jwt);
    const summary = await stop();
    loads.push(
      `after ${scenario.name.split(' ')[0]}: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (const [route, r] of Object.entries(loaded)) {
      const ratio = r.p99 / Math.max(1, alone[route].p99);
      const met = ratio <= 2 && r.p99 < 25 ? 'met' : 'missed';
      rows.push([scenario.name, route, r, `${ratio.toFixed(2)}x alone: ${met}`]);
    }
    notes.push(`${scenario.name}: ${summary}`);
  }
  const rss = readFileSync(`/proc/${service.child.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1];
  console.log(`| scenario | route | req/s | p50 ms | p99 ms | p99 target (<= 2x alone, < 25 ms) |`);
  console.log('|---|---|---:|---:|---:|---|');
  for (const [name, route, r, verdict] of rows)
    console.log(`| ${name} | ${route} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${verdict} |`);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route; ${loads.join('; ')}; service peak RSS ${(Number(rss) / 1024).toFixed(0)} MiB.`,
  );
  for (const note of notes) console.log(`- ${note}`);
} finally {
  service.child.kill('SIGTERM');
  rmSync(cwd, { recursive: true, force: true });
}
