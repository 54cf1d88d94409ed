/**
 * The avatar wiring of the Service: `avatarStore` as a URI gives a proxy; a login stores an
 * identicon and puts the local link into the token's user; the avatar route serves it through both
 * framework adapters with caching headers.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarIdFor, keyedAvatarId, Service } from '../../src/index.js';
import { type Framework, type Running, start } from '../support/core/servers.js';
import { login, SECRET, users } from '../support/core/service.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-avatar-service-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function service(avatarStore?: string): Service {
  const s = new Service({
    secretReader: () => SECRET,
    url: 'http://gate.test',
    ...(avatarStore ? { avatarStore } : {}),
  });
  s.addDirectProvider('local', (user, passwd) => users[user] === passwd);
  return s;
}

describe.each<Framework>(['fastify', 'express'])('avatars in the Service over %s', (framework) => {
  let app: Running;
  let svc: Service;
  beforeAll(async () => {
    svc = service(`bolt://${dir}/${framework}/avatars.db`);
    app = await start(framework, svc);
  });
  afterAll(async () => {
    await app.close();
    await svc.close();
  });

  it('puts the local avatar link into the user at login and serves it', async () => {
    const res = await login(app.url);
    expect(res.status).toBe(200);
    const user = (await res.json()) as { id: string; picture: string };
    // The id is keyed with the service's secret: the plain SHA-1 of the user id finds nothing.
    const key = createHmac('sha256', SECRET).update('gatehouse avatar ids').digest();
    expect(user.picture).toBe(`http://gate.test/avatar/${keyedAvatarId(user.id, key)}`);
    expect((await fetch(`${app.url}/avatar/${avatarIdFor(user.id)}`)).status).toBe(404);
    const image = await fetch(`${app.url}${new URL(user.picture).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('max-age=604800');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const again = await fetch(`${app.url}${new URL(user.picture).pathname}`, {
      headers: { 'if-none-match': image.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    // A cache merges a 304's headers into the stored image: a Content-Type here would replace image/png.
    expect(again.headers.get('content-type')).toBeNull();
    expect(again.headers.get('etag')).toBe(image.headers.get('etag'));
    const head = await fetch(`${app.url}${new URL(user.picture).pathname}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 400 and 404 as JSON on the avatar route', async () => {
    const bad = await fetch(`${app.url}/avatar/not-an-id.image`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid avatar id' });
    const missing = await fetch(`${app.url}/avatar/${avatarIdFor('nobody')}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'avatar not found' });
  });

  it('answers 405 with Allow for methods other than GET and HEAD, as the README documents', async () => {
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const res = await fetch(`${app.url}/avatar/${avatarIdFor('nobody')}`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.json()).toEqual({ error: 'method not allowed' });
    }
  });
});

describe('a Service without an avatar store', () => {
  it('has no proxy and leaves the picture alone', () => {
    const s = service();
    expect(s.avatarProxy).toBeUndefined();
    expect(s.avatarHandler).toBeUndefined();
  });
});
