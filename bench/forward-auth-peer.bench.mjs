// Benchmark: forward authentication, Gatehouse's /auth/forward beside oauth2-proxy v7's /oauth2/auth,
// side by side in one run with alternating rounds: each asked directly (the cookie of a logged-in
// session, what nginx's subrequest sends), and through Debian's nginx `auth_request` in front of the
// same static upstream (README, "Forward authentication", with keepalive to both). oauth2-proxy
// runs with an htpasswd login and `--request-logging=false` (Gatehouse logs no line per request
// either); Gatehouse runs as `gatehouse serve` with its defaults (server.workers auto).
// Needs the built service, nginx (scripts/setup/60-proxies.sh) and oauth2-proxy:
//   GOBIN=/some/bin go install github.com/oauth2-proxy/oauth2-proxy/v7@v7.15.6
// Run through bench/forward-auth-peer.bench.sh. Options: BENCH_DURATION (s per round, default 5),
// BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 32), OAUTH2_PROXY (path), NGINX_PATH.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRun } from './lib/measure.mjs';
import { authRequestLocations, cpuOf, freePort, startNginx } from './lib/processes.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const oauth2Proxy = process.env.OAUTH2_PROXY ?? 'oauth2-proxy';
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const root = fileURLToPath(new URL('..', import.meta.url));
const gatehouseBin = join(root, 'packages/server/bin/gatehouse.js');

async function waitFor(url, init) {
  for (let i = 0; i < 600; i++) {
    try {
      return await fetch(url, init);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const dir = mkdtempSync(join(os.tmpdir(), 'gatehouse-fwd-peer-'));
const children = [];
try {
  const [gatePort, proxyPort, nginxPort, staticPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // Gatehouse: a user in its credentials file, proxies on loopback trusted.
  const data = join(dir, 'gh');
  execFileSync(
    process.execPath,
    [gatehouseBin, 'users', 'add', 'bench', '--password-stdin', '--data-dir', data],
    {
      input: 'benchpass123\n',
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  writeFileSync(
    join(dir, 'gatehouse.config.json'),
    JSON.stringify({ forwardAuth: { trustedProxies: ['127.0.0.1'] } }),
  );
  const gatehouse = spawn(
    process.execPath,
    [gatehouseBin, 'serve', '--port', String(gatePort), '--data-dir', data],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.push(gatehouse);
  let gatehouseLog = '';
  gatehouse.stderr.on('data', (chunk) => {
    gatehouseLog += chunk;
  });
  // oauth2-proxy: an htpasswd user, a cookie session, no request log.
  const sha = createHash('sha1').update('benchpass123').digest('base64');
  writeFileSync(join(dir, 'htpasswd'), `bench:{SHA}${sha}\n`);
  const oauth2 = spawn(
    oauth2Proxy,
    [
      `--http-address=127.0.0.1:${proxyPort}`,
      '--provider=google',
      '--client-id=bench',
      '--client-secret=bench',
      `--cookie-secret=${randomBytes(16).toString('hex')}`,
      '--cookie-secure=false',
      '--email-domain=*',
      `--htpasswd-file=${join(dir, 'htpasswd')}`,
      '--upstream=static://202',
      '--request-logging=false',
      `--redirect-url=http://127.0.0.1:${proxyPort}/oauth2/callback`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(oauth2);
  // nginx: one location per service, each auth_request in front of the same static upstream.
  const location = (name, auth) =>
    authRequestLocations({ path: `/${name}/`, check: `/_${name}`, auth, upstream: 'static' });
  children.push(
    startNginx(
      dir,
      nginxPath,
      { static: staticPort, gatehouse: gatePort, oauth2proxy: proxyPort },
      `  server { listen 127.0.0.1:${staticPort}; keepalive_requests 1000000; location / { return 200 "ok"; } }
  server {
    listen 127.0.0.1:${nginxPort};
    keepalive_requests 1000000;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    ${location('gatehouse', 'http://gatehouse/auth/forward')}
    ${location('oauth2proxy', 'http://oauth2proxy/oauth2/auth')}
  }`,
    ),
  );

  // Log in to both; keep each one's session cookie.
  const gateLogin = await waitFor(`http://127.0.0.1:${gatePort}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'bench', passwd: 'benchpass123' }),
  });
  const gateCookie = gateLogin.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const proxyLogin = await waitFor(`http://127.0.0.1:${proxyPort}/oauth2/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=bench&password=benchpass123&rd=/',
    redirect: 'manual',
  });
  const proxyCookie = proxyLogin.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const targets = {
    'gatehouse direct': {
      url: `http://127.0.0.1:${gatePort}/auth/forward`,
      headers: {
        cookie: gateCookie,
        'x-forwarded-method': 'GET',
        'x-forwarded-host': 'app.example',
        'x-forwarded-uri': '/x',
      },
    },
    'oauth2-proxy direct': {
      url: `http://127.0.0.1:${proxyPort}/oauth2/auth`,
      headers: { cookie: proxyCookie },
    },
    'gatehouse via nginx': {
      url: `http://127.0.0.1:${nginxPort}/gatehouse/x`,
      headers: { cookie: gateCookie },
    },
    'oauth2-proxy via nginx': {
      url: `http://127.0.0.1:${nginxPort}/oauth2proxy/x`,
      headers: { cookie: proxyCookie },
    },
  };
  for (const [name, target] of Object.entries(targets)) {
    const answer = await waitFor(target.url, { headers: target.headers });
    if (answer.status >= 300) throw new Error(`${name}: ${answer.status} (login or set-up failed)`);
  }
  // Gatehouse's workers start after the first process listens: wait until every one does.
  const allListening = () =>
    /processes listening/.test(gatehouseLog) || /workers: 1 process /.test(gatehouseLog);
  for (let waited = 0; !allListening(); waited += 200) {
    if (waited > 120_000) throw new Error(`gatehouse workers did not start:\n${gatehouseLog}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`gatehouse ${[...gatehouseLog.matchAll(/workers: [^"]*/g)].map((m) => m[0]).join('; ')}`);
  const sizes = {
    'gatehouse cookie': gateCookie.length,
    'oauth2-proxy cookie': proxyCookie.length,
  };
  console.log(`cookie bytes: ${JSON.stringify(sizes)}`);

  const { default: autocannon } = await import('autocannon');
  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  const cpu = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  const serviceOf = (name) => (name.startsWith('gatehouse') ? gatehouse.pid : oauth2.pid);
  console.log(
    `forward auth, autocannon c=${connections}, ${duration} s per run, ${rounds} alternating rounds`,
  );
  console.log(`machine: ${os.cpus().length} cpu, load at start ${load()}`);
  for (let round = 1; round <= rounds; round++) {
    const line = [];
    for (const [name, target] of Object.entries(targets)) {
      await autocannon({ ...target, connections, duration: 1 }); // warm-up
      const run = await measureRun({ ...target, connections, duration }, async () => cpuOf(serviceOf(name)));
      results[name].push(run.rps);
      cpu[name].push(run.cpu);
      line.push(`${name} ${Math.round(run.rps)} (${run.cpu.toFixed(0)} µs CPU/req)`);
    }
    const [gd, od, gn, on] = Object.values(results).map((list) => list[round - 1]);
    console.log(
      `round ${round} (load ${load()}): ${line.join(', ')} req/s; direct ${(gd / od).toFixed(2)}x, via nginx ${(gn / on).toFixed(2)}x`,
    );
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const cpuRatio = (a, b) => (median(cpu[b]) / median(cpu[a])).toFixed(2);
  console.log(
    `medians: service CPU per request, oauth2-proxy / gatehouse: direct ${cpuRatio('gatehouse direct', 'oauth2-proxy direct')}x, via nginx ${cpuRatio('gatehouse via nginx', 'oauth2-proxy via nginx')}x (CPU-bound throughput ratio)`,
  );
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  rmSync(dir, { recursive: true, force: true });
}
