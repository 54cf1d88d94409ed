// Logging in through the dev provider: the dev OAuth 2.0 server (any user name logs in) beside a
// Fastify app guarded by @gatehouse/auth. FOR DEVELOPMENT ONLY.
// Run (after `npm run build` at the repo root):  node packages/auth/examples/dev-login.mjs
// Then open http://127.0.0.1:8082/auth/dev/login?from=http://127.0.0.1:8082/private and type a name, or:
//   loc=$(curl -s -c jar -b jar -o /dev/null -w '%{redirect_url}' 'http://127.0.0.1:8082/auth/dev/login?from=http://127.0.0.1:8082/private')
//   curl -s -c jar -b jar -L -o /dev/null -w '%{url_effective}\n' -d username=alice "$loc"
//   curl -s -b jar -H "X-XSRF-TOKEN: $(awk '/XSRF-TOKEN/ {print $7}' jar)" http://127.0.0.1:8082/private
import { devProvider, Service, startDevOAuthServer } from '@gatehouse/auth';
import Fastify from 'fastify';

/**
 * @param {{ secret?: string, url?: string, devPort?: number, logger?: import('@gatehouse/auth').Logger }} options
 */
export async function buildApp({ secret, url = 'http://127.0.0.1:8082', devPort = 8084, logger } = {}) {
  if (!secret) throw new Error('set AUTH_SECRET to a long random string');
  const dev = await startDevOAuthServer({ port: devPort, logger }); // 127.0.0.1, loud warning on start
  const auth = new Service({ secretReader: () => secret, url, logger });
  auth.addProvider(devProvider({ port: Number(new URL(dev.url).port) }));

  const app = Fastify();
  await app.register(auth.fastify.plugin); // /auth/... routes and request.user
  app.addHook('onClose', () => dev.close());
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', auth.fastify.auth());
    guarded.get('/private', async (request) => ({ hello: request.user.name }));
  });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const logger = { logf: (format, ...args) => console.error(format, ...args) };
  const port = Number(process.env.PORT ?? 8082);
  const app = await buildApp({
    secret: process.env.AUTH_SECRET ?? 'example secret: replace me',
    url: `http://127.0.0.1:${port}`,
    logger,
  });
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`listening on http://127.0.0.1:${port}`);
}
