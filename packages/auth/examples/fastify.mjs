// Guarding a Fastify app with @gatehouse/auth.
// Run (after `npm run build` at the repo root):  node packages/auth/examples/fastify.mjs
// Then:  curl -c jar -d user=alice -d passwd=wonderland http://127.0.0.1:8081/auth/local/login
//        curl -b jar -H "X-XSRF-TOKEN: $(awk '/XSRF-TOKEN/ {print $7}' jar)" http://127.0.0.1:8081/private
import { timingSafeEqual } from 'node:crypto';
import { Service } from '@gatehouse/auth';
import Fastify from 'fastify';

const users = new Map([['alice', 'wonderland']]);

/** Compares in constant time; a real app keeps password hashes (scrypt, argon2), not passwords. */
function checkPassword(user, passwd) {
  const known = Buffer.from(users.get(user) ?? '');
  const given = Buffer.from(passwd);
  return known.length > 0 && known.length === given.length && timingSafeEqual(known, given);
}

export async function buildApp({ secret = process.env.AUTH_SECRET, url = 'http://127.0.0.1:8081' } = {}) {
  if (!secret) throw new Error('set AUTH_SECRET to a long random string');
  const auth = new Service({ secretReader: () => secret, url });
  auth.addDirectProvider('local', checkPassword);

  const app = Fastify();
  await app.register(auth.fastify.plugin); // /auth/... routes and request.user
  app.get('/', async () => ({ hello: 'anyone' }));
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', auth.fastify.auth());
    guarded.get('/private', async (request) => ({ hello: request.user.name }));
  });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = await buildApp({ secret: process.env.AUTH_SECRET ?? 'example secret: replace me' });
  await app.listen({ port: Number(process.env.PORT ?? 8081), host: '127.0.0.1' });
  console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
}
