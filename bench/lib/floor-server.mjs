// The floor under Gatehouse's /ping on this machine: the same answer ("pong", text/plain) from a bare
// Fastify app of the version Gatehouse runs (no logger, no hooks, no plugins) and from node:http with
// nothing in between. What a route of the service costs above the first is Gatehouse's; what the
// first costs above the second is Fastify's. Run by bench/auth-peer.bench.sh with BENCH_FLOOR=1.
//   node bench/lib/floor-server.mjs <fastify port> <node:http port>
import { createServer } from 'node:http';
import Fastify from 'fastify';

const [fastifyPort, httpPort] = process.argv.slice(2).map(Number);
const app = Fastify({ logger: false });
app.get('/ping', (_request, reply) => {
  reply.type('text/plain; charset=utf-8').send('pong');
});
await app.listen({ host: '127.0.0.1', port: fastifyPort });
const headers = { 'content-type': 'text/plain; charset=utf-8', 'content-length': '4' };
createServer((_request, response) => {
  response.writeHead(200, headers).end('pong');
}).listen(httpPort, '127.0.0.1', () => process.stdout.write('ready\n'));
