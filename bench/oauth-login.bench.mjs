// OAuth login benchmark: `npm run build && node bench/oauth-login.bench.mjs`.
// 1. autocannon on GET /auth/dev/login (sign the handshake, PKCE challenge, 302): requests/s.
// 2. complete logins through the dev OAuth 2.0 server (login, one POST to the dev page, callback with
//    code exchange and user info, session cookie), 8 at a time: logins/s.
import { createServer } from 'node:net';
import { devProvider, Service, startDevOAuthServer } from '@gatehouse/auth';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const url = `http://127.0.0.1:${port}`;
const dev = await startDevOAuthServer({ port: 0 });
const auth = new Service({ secretReader: () => 'bench-secret-0123456789abcdef0123', url });
auth.addProvider(devProvider({ port: Number(new URL(dev.url).port) }));
const app = Fastify();
await app.register(auth.fastify.plugin);
await app.listen({ port, host: '127.0.0.1' });

const start = await autocannon({ url: `${url}/auth/dev/login?site=bench`, connections: 32, duration: 10 });
console.log(
  `login start (302): ${Math.round(start.requests.average)} req/s, p99 ${start.latency.p99} ms, errors ${start.errors}`,
);

async function fullLogin(i) {
  const login = await fetch(`${url}/auth/dev/login?site=bench`, { redirect: 'manual' });
  const handshake = login.headers.getSetCookie()[0].split(';')[0];
  const page = await fetch(login.headers.get('location'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=user${i}`,
    redirect: 'manual',
  });
  const done = await fetch(page.headers.get('location'), {
    headers: { cookie: handshake },
    redirect: 'manual',
  });
  if (done.status !== 200) throw new Error(`login ${i}: ${done.status} ${await done.text()}`);
  await done.arrayBuffer();
}

const total = 800;
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < total) await fullLogin(next++);
  }),
);
const seconds = (performance.now() - t0) / 1000;
console.log(
  `complete logins: ${Math.round(total / seconds)} logins/s (${total} logins, 8 at a time, ${seconds.toFixed(1)} s)`,
);

await app.close();
await dev.close();
