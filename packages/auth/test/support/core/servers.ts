/**
 * Real HTTP servers on 127.0.0.1 (port 0) for the auth tests: the same guarded routes on Fastify
 * and on Express, so every behaviour is checked through both adapters.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { getUser, type Service, type UserUpdater } from '../../../src/index.js';

export interface Running {
  url: string;
  close: () => Promise<void>;
}

export type Framework = 'fastify' | 'express';

export async function startFastify(service: Service, updater?: UserUpdater): Promise<Running> {
  const app = Fastify();
  await app.register(service.fastify.plugin);
  app.get('/open', async () => ({ open: true }));
  await app.register(async (child) => {
    child.addHook('onRequest', service.fastify.auth());
    child.get('/private', async (request) => ({ user: request.user }));
    child.post('/private', async (request) => ({ user: request.user }));
  });
  await app.register(async (child) => {
    child.addHook('onRequest', service.fastify.admin());
    child.get('/admin', async (request) => ({ user: request.user }));
  });
  await app.register(async (child) => {
    child.addHook('onRequest', service.fastify.trace());
    child.get('/trace', async (request) => ({ user: request.user }));
  });
  await app.register(async (child) => {
    child.addHook('onRequest', service.fastify.rbac('editor', 'Owner'));
    child.get('/rbac', async (request) => ({ user: request.user }));
  });
  await app.register(async (child) => {
    child.addHook('onRequest', service.fastify.auth());
    child.addHook('onRequest', service.fastify.updateUser(updater));
    child.get('/updated', async (request) => ({ user: request.user }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export async function startExpress(service: Service, updater?: UserUpdater): Promise<Running> {
  const app = express();
  const mw = service.express;
  app.use(mw.router());
  const show = (req: express.Request, res: express.Response) => void res.json({ user: getUser(req) });
  app.get('/open', (_req, res) => void res.json({ open: true }));
  app.get('/private', mw.auth(), show);
  app.post('/private', mw.auth(), show);
  app.get('/admin', mw.admin(), show);
  app.get('/trace', mw.trace(), show);
  app.get('/rbac', mw.rbac('editor', 'Owner'), show);
  app.get('/updated', mw.auth(), mw.updateUser(updater), show);
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function start(framework: Framework, service: Service, updater?: UserUpdater): Promise<Running> {
  return framework === 'fastify' ? startFastify(service, updater) : startExpress(service, updater);
}

export interface SetCookie {
  value: string;
  attrs: Record<string, string | true>;
}

/** The Set-Cookie headers of a response by cookie name. */
export function setCookies(res: Response): Record<string, SetCookie> {
  const out: Record<string, SetCookie> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...rest] = line.split(';').map((part) => part.trim());
    const eq = pair!.indexOf('=');
    const attrs: Record<string, string | true> = {};
    for (const attr of rest) {
      const at = attr.indexOf('=');
      attrs[(at < 0 ? attr : attr.slice(0, at)).toLowerCase()] = at < 0 ? true : attr.slice(at + 1);
    }
    out[pair!.slice(0, eq)] = { value: decodeURIComponent(pair!.slice(eq + 1)), attrs };
  }
  return out;
}

/** A browser-like session: the JWT cookie plus the XSRF header a page would copy from its cookie. */
export interface Session {
  jwt: string;
  xsrf: string;
}

export function sessionOf(res: Response): Session {
  const cookies = setCookies(res);
  return { jwt: cookies.JWT!.value, xsrf: cookies['XSRF-TOKEN']!.value };
}

export function withSession(session: Session, init: RequestInit = {}, xsrf = true): RequestInit {
  return {
    ...init,
    headers: {
      cookie: `JWT=${session.jwt}; XSRF-TOKEN=${session.xsrf}`,
      ...(xsrf ? { 'x-xsrf-token': session.xsrf } : {}),
      ...(init.headers as Record<string, string>),
    },
  };
}
