// Benchmark: requests per second through Debian's nginx to an echo upstream, without and with
// `auth_request` to the gatehouse service's /auth/forward (a cookie session, GET), one run each at
// 32 connections, side by side. Each protected request costs nginx a second HTTP exchange and the
// service a guard run. Needs the built service (`npx tsc -b`) and nginx
// (scripts/setup/60-proxies.sh); run through bench/forward-auth.bench.sh.
// Options: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 32),
// NGINX_PATH (default /usr/sbin/nginx).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRun } from './lib/measure.mjs';
import { authRequestLocations, cpuOf, freePort, startNginx } from './lib/processes.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const root = fileURLToPath(new URL('..', import.meta.url));
const secret = 'forward-auth bench secret, not for production use';

/** Starts a process and resolves once `ready` matches its output. */
function start(command, args, options, ready) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk) => {
      output += chunk;
      if (ready.test(output)) resolve(child);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${command} exited ${code}: ${output}`)));
  });
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`${url} never answered`);
}

const dir = mkdtempSync(join(os.tmpdir(), 'gatehouse-fwd-bench-'));
const children = [];
try {
  const [gatePort, echoPort, nginxPort] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    join(dir, 'gatehouse.config.json'),
    JSON.stringify({ forwardAuth: { trustedProxies: ['127.0.0.1'] }, webhooks: { watch: false } }),
  );
  const gatehouse = await start(
    process.execPath,
    [join(root, 'packages/server/bin/gatehouse.js'), 'serve', '--port', String(gatePort)],
    { cwd: dir, env: { ...process.env, GATEHOUSE_SECRET: secret } },
    /ready/,
  );
  children.push(gatehouse);
  const echo = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json');
       s.end(JSON.stringify({ url: q.url, user: q.headers['x-auth-request-user'] ?? null })); })
       .listen(${echoPort}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  children.push(echo);
  const nginx = startNginx(
    dir,
    nginxPath,
    { echo: echoPort, gatehouse: gatePort },
    `  server {
    listen 127.0.0.1:${nginxPort};
    # nginx closes a client connection after 1,000 requests by default; autocannon counts the
    # request that meets the close as an error, which stops the run
    keepalive_requests 1000000;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    location /open/ { proxy_pass http://echo; }
    ${authRequestLocations({
      path: '/protected/',
      check: '/_gatehouse',
      auth: 'http://gatehouse/auth/forward',
      upstream: 'echo',
      passUser: true,
    })}
  }`,
  );
  children.push(nginx);
  const base = `http://127.0.0.1:${nginxPort}`;
  await waitFor(`${base}/open/`);

  const { Service } = await import('../packages/auth/dist/index.js');
  const issued = await new Service({ secretReader: () => secret }).tokens.issue({
    user: { name: 'bench', id: 'local_bench' },
    auth_provider: { name: 'local' },
  });
  const headers = { cookie: `JWT=${issued.token}; XSRF-TOKEN=${issued.claims.jti}` };
  const check = await (await fetch(`${base}/protected/x`, { headers })).json();
  if (check.user !== 'local_bench')
    throw new Error(`the protected location did not pass the user: ${JSON.stringify(check)}`);

  const { default: autocannon } = await import('autocannon');
  const gatehouseCpu = async () => cpuOf(gatehouse.pid);
  const rows = [];
  for (const [name, path] of [
    ['unprotected', '/open/x'],
    ['auth_request', '/protected/x'],
  ]) {
    const url = `${base}${path}`;
    await autocannon({ url, headers, connections, duration: 2 }); // warm-up: JIT, keep-alive, token cache
    rows.push({ name, ...(await measureRun({ url, headers, connections, duration }, gatehouseCpu)) });
  }
  console.log(`forward auth through nginx, ${connections} connections, ${duration} s each, one run each`);
  console.log(
    `machine: ${os.cpus().length} cpu, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(13)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  gatehouse CPU ${row.cpu.toFixed(1)} µs/req`,
    );
  }
  console.log(
    `ratio auth_request / unprotected: ${((100 * rows[1].rps) / rows[0].rps).toFixed(1)}% (target ≥ 60%)`,
  );
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(dir, { recursive: true, force: true });
}
