// The avatar proxy on its own, behind plain node:http: store a user's picture (or an identicon),
// then serve it with ETag and cache headers.
// Run (after `npm run build` at the repo root):
//   node packages/auth/examples/avatars.mjs /tmp/avatars https://avatars.githubusercontent.com/u/1
// Then:  curl -i http://127.0.0.1:8082/avatar/<id printed at start>.image
import { createServer } from 'node:http';
import { createAvatarProxy } from '@gatehouse/auth';

export function buildAvatarServer({ store, url = 'http://127.0.0.1:8082' }) {
  const proxy = createAvatarProxy({ store, baseURL: url, routePath: '/avatar', resizeLimit: 256 });
  const server = createServer(async (req, res) => {
    const answer = await proxy.handler({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      ip: req.socket.remoteAddress ?? '',
    });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.on('close', () => void proxy.close());
  return { proxy, server };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = '/tmp/gatehouse-avatars', picture] = process.argv.slice(2);
  const { proxy, server } = buildAvatarServer({ store: dir });
  const link = await proxy.put({ id: 'example_alice', name: 'alice', picture });
  server.listen(8082, '127.0.0.1', () => console.log(`stored; serving ${link}`));
}
