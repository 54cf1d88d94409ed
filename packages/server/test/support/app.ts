/** The service built in-process and listening on 127.0.0.1 port 0, closed after each test. */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../../src/app.js';
import { listeningScheme, loadConfig } from '../../src/config/load.js';
import type { GatehouseConfig } from '../../src/config/schema.js';
import { type DataFolder, openDataFolder } from '../../src/data/folder.js';
import { useTempDirs } from './temp.js';

export interface StartedApp {
  app: FastifyInstance;
  url: string;
  config: GatehouseConfig;
  data: DataFolder;
  /** The generated password of user `admin`. */
  password: string;
  /** What the service logged through its logger. */
  logs: string[];
  /** The lines of the start-up summary the areas announced. */
  announced: string[];
  cwd: string;
}

/**
 * A request header that makes a request relayed by a proxy, hence not a loopback client: the
 * tests' only way to be "remote" while talking to 127.0.0.1 (see access/loopback.ts).
 */
export const fromRemote = { 'x-forwarded-for': '203.0.113.7' } as const;

/** Returns `start(configFile, env)`; every app it starts is closed after the test. */
export function useApps(): (file?: Record<string, unknown>, env?: NodeJS.ProcessEnv) => Promise<StartedApp> {
  const tempDir = useTempDirs();
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  return async (file = {}, env = {}) => {
    const cwd = tempDir();
    writeFileSync(`${cwd}/gatehouse.config.json`, JSON.stringify(file));
    const { config } = loadConfig({ cwd, env });
    const data = await openDataFolder(config);
    const logs: string[] = [];
    const announced: string[] = [];
    const app = await buildApp(config, {
      data,
      env,
      logger: { logf: (...args) => logs.push(args.join(' ')) },
      announce: (line) => announced.push(line),
    });
    apps.push(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    return {
      app,
      url: `${listeningScheme(config)}://127.0.0.1:${port}`,
      config,
      data,
      password: data.firstCredential!.password,
      logs,
      announced,
      cwd,
    };
  };
}

/** A PuppetDB command that writes (deactivate a node), for the `commands` group. */
export const deactivateCommand = JSON.stringify({
  command: 'deactivate node',
  version: 3,
  payload: { certname: 'web1.example.com', producer_timestamp: '2030-01-01T00:00:00Z' },
});

/** The `JWT` and `XSRF-TOKEN` cookie values a login response set. */
export function cookiesOf(response: Response): { jwt: string; xsrf: string } {
  const value = (name: string) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${name}=`))!
      .split(';')[0]!
      .slice(name.length + 1);
  return { jwt: value('JWT'), xsrf: value('XSRF-TOKEN') };
}

/** Logs `user` in with the direct provider; returns the JWT (for `X-JWT`) and the cookie pair. */
export async function logIn(
  url: string,
  user: string,
  passwd: string,
): Promise<{ jwt: string; xsrf: string; cookie: string }> {
  const response = await fetch(`${url}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, passwd }),
  });
  if (response.status !== 200) throw new Error(`login of ${user} answered ${response.status}`);
  const { jwt, xsrf } = cookiesOf(response);
  return { jwt, xsrf, cookie: `JWT=${jwt}; XSRF-TOKEN=${xsrf}` };
}
