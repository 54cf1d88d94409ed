/** A real Fastify server on 127.0.0.1:0 with the query and meta routes over the fixture fleet. */
import Fastify, { type FastifyInstance } from 'fastify';
import { registerMetaRoutes } from '../../../src/routes/meta-routes.js';
import { type QueryRoutesOptions, registerQueryRoutes } from '../../../src/routes/query-routes.js';
import type { Dialect } from '../../../src/store/types.js';
import { type FixtureNode, FLEET, loadFleet } from '../query/fixtures.js';
import { openTestStore, type TestStore } from '../store/test-stores.js';

export interface QueryServer {
  readonly t: TestStore;
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  close(): Promise<void>;
}

export async function startQueryServer(
  dialect: Dialect,
  options: Omit<QueryRoutesOptions, 'store'> = {},
  fleet: readonly FixtureNode[] = FLEET,
): Promise<QueryServer> {
  const t = await openTestStore(dialect);
  await loadFleet(t.store, fleet);
  const app = Fastify();
  await registerQueryRoutes(app, { store: t.store, ...options });
  await registerMetaRoutes(app, { store: t.store, ...(options.now ? { now: options.now } : {}) });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    t,
    app,
    base,
    close: async () => {
      await app.close();
      await t.dispose();
    },
  };
}
