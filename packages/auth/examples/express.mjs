// Guarding an Express app with @gatehouse/auth.
// Run (after `npm run build` at the repo root):  node packages/auth/examples/express.mjs
// Then:  curl -c jar -d user=alice -d passwd=wonderland http://127.0.0.1:8082/auth/local/login
//        curl -b jar -H "X-XSRF-TOKEN: $(awk '/XSRF-TOKEN/ {print $7}' jar)" http://127.0.0.1:8082/private
import { timingSafeEqual } from 'node:crypto';
import { getUser, Service } from '@gatehouse/auth';
import express from 'express';

const users = new Map([['alice', 'wonderland']]);

/** Compares in constant time; a real app keeps password hashes (scrypt, argon2), not passwords. */
function checkPassword(user, passwd) {
  const known = Buffer.from(users.get(user) ?? '');
  const given = Buffer.from(passwd);
  return known.length > 0 && known.length === given.length && timingSafeEqual(known, given);
}

export function buildApp({ secret = process.env.AUTH_SECRET, url = 'http://127.0.0.1:8082' } = {}) {
  if (!secret) throw new Error('set AUTH_SECRET to a long random string');
  const auth = new Service({ secretReader: () => secret, url });
  auth.addDirectProvider('local', checkPassword);

  const app = express();
  app.use(auth.express.router()); // /auth/... routes
  app.get('/', (_req, res) => res.json({ hello: 'anyone' }));
  app.get('/private', auth.express.auth(), (req, res) => res.json({ hello: getUser(req).name }));
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = buildApp({ secret: process.env.AUTH_SECRET ?? 'example secret: replace me' });
  const server = app.listen(Number(process.env.PORT ?? 8082), '127.0.0.1', () => {
    console.log(`listening on http://127.0.0.1:${server.address().port}`);
  });
}
