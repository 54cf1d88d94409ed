/**
 * The real service for end-to-end provider tests: a {@link Service} with the given providers behind
 * the Fastify adapter on 127.0.0.1, with an avatar proxy over a temporary file store, and a log the
 * tests can read.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
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

export async function startService(
  providers: Provider[],
  opts: Partial<Opts> & { avatars?: boolean; port?: number } = {},
): Promise<RunningService> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const logger = { logf: (f: string, ...a: unknown[]) => log.push(`${f} ${a.map(String).join(' ')}`) };
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-oauth-'));
  const { avatars, port: _port, ...rest } = opts;
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
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    service,
    app,
    log,
    async close() {
      await app.close();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A free port on 127.0.0.1; the service must know its URL before it listens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
