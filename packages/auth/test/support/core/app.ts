/** One running app per test, on Fastify or Express, closed after the test. */
import { afterEach } from 'vitest';
import type { Opts, Service, UserUpdater } from '../../../src/index.js';
import { type Framework, type Running, start } from './servers.js';
import { type Clock, makeService } from './service.js';

export interface Started {
  url: string;
  clock: Clock;
  service: Service;
}

export function appPerTest() {
  let app: Running | undefined;
  const close = async () => {
    await app?.close();
    app = undefined;
  };
  afterEach(close);
  return {
    /** A test service (direct provider `local`, frozen clock) with `opts`, served by `framework`. */
    async setup(framework: Framework, opts: Partial<Opts> = {}, updater?: UserUpdater): Promise<Started> {
      const { service, clock } = makeService(opts);
      await close();
      app = await start(framework, service, updater);
      return { url: app.url, clock, service };
    },
    /** Serves a service the test built itself; returns the base URL. */
    async serve(framework: Framework, service: Service): Promise<string> {
      await close();
      app = await start(framework, service);
      return app.url;
    },
  };
}
