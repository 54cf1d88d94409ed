/**
 * The real service for end-to-end provider tests: a {@link Service} with the given providers behind
 * the Fastify adapter on 127.0.0.1, with an avatar proxy over a temporary file store, and a log the
 * tests can read.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAvatarProxy } from '../../../src/avatar/proxy.js';
import { FileAvatarStore } from '../../../src/avatar/stores/file-store.js';
import type { Opts } from '../../../src/options.js';
import type { Provider } from '../../../src/providers/provider.js';
import { Service } from '../../../src/service.js';

export interface RunningService {
  url: string;
  service: Service;
  app: FastifyInstance;
  log: string[];
  close(): Promise<void>;
}

export const SECRET = 'test-secret-0123456789abcdef';

/**
 * An HTTP server on 127.0.0.1 that listens on port 0 before its handler exists: a service must know
 * its URL (callbacks, avatar links) when it is built, and taking a free port to listen on later
 * races with every other process on the machine. Until `serve` is called it answers 503.
 */
export interface EarlyServer {
  readonly url: string;
  serve(handler: RequestListener): void;
  close(): Promise<void>;
}

export async function listenEarly(): Promise<EarlyServer> {
  let handler: RequestListener = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A ready Fastify app as a plain request listener (Fastify's documented way without `listen`). */
export function fastifyListener(app: FastifyInstance): RequestListener {
  return (req, res) => app.server.emit('request', req, res);
}

export async function startService(
  providers: Provider[],
  opts: Partial<Opts> & { avatars?: boolean; server?: EarlyServer } = {},
): Promise<RunningService> {
  const server = opts.server ?? (await listenEarly());
  const url = server.url;
  const log: string[] = [];
  const logger = { logf: (f: string, ...a: unknown[]) => log.push(`${f} ${a.map(String).join(' ')}`) };
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-oauth-'));
  const { avatars, server: _server, ...rest } = opts;
  const service = new Service({
    secretReader: () => SECRET,
    url,
    logger,
    ...(avatars === false
      ? {}
      : { avatarProxy: createAvatarProxy({ store: new FileAvatarStore(dir), baseURL: url, logger }) }),
    ...rest,
  });
  for (const p of providers) service.addProvider(p);
  await service.ready();
  const app = Fastify();
  await app.register(service.fastify.plugin);
  await app.ready();
  server.serve(fastifyListener(app));
  return {
    url,
    service,
    app,
    log,
    async close() {
      await server.close();
      await app.close();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
