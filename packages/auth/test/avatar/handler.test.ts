import { describe, expect, it } from 'vitest';
import { createAvatarHandler, ifNoneMatchHits } from '../../src/avatar/handler.js';
import { avatarIdFor } from '../../src/avatar/id.js';
import { generateIdenticon } from '../../src/avatar/identicon.js';
import type { HttpRequest } from '../../src/http/exchange.js';
import { HTML_PAGE, SVG_WITH_SCRIPT, solidImage } from '../support/avatar/images.js';
import { MapAvatarStore } from '../support/avatar/memory-store.js';

const store = new MapAvatarStore();
const logged: string[] = [];
const handler = createAvatarHandler({
  store,
  routePath: '/avatar',
  logger: { logf: (f, ...a) => logged.push(`${f} ${a.join(' ')}`) },
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): ReturnType<typeof handler> {
  const req: HttpRequest = { method, url: path, headers, ip: '127.0.0.1' };
  return handler(req);
}

function errorOf(body: unknown): string {
  return JSON.parse(String(body)).error;
}

describe('GET <routePath>/<avatar_id>.image', () => {
  it('serves the avatar with its sniffed type, ETag, long cache and safety headers', async () => {
    const png = await generateIdenticon('u1');
    const id = await store.put('u1', png);
    const res = await get(`/avatar/${id}?v=2`);
    expect(res.status).toBe(200);
    expect(Buffer.isBuffer(res.body) && res.body.equals(png)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      etag: `"${await store.fingerprint(id)}"`,
      'cache-control': 'max-age=604800',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
    });
  });

  it('sniffs JPEG, GIF and WebP from the bytes', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const id = await store.put(`u_${format}`, await solidImage(8, 8, format));
      expect((await get(`/avatar/${id}`)).headers['content-type']).toBe(type);
    }
  });

  it('answers 304 without a body when If-None-Match matches (list, weak, *)', async () => {
    const id = await store.put('u2', await generateIdenticon('u2'));
    const etag = (await get(`/avatar/${id}`)).headers.etag as string;
    for (const header of [etag, `"other", W/${etag}`, '*']) {
      const res = await get(`/avatar/${id}`, { 'if-none-match': header });
      expect(res.status).toBe(304);
      expect(res.body).toBeUndefined();
      expect(res.headers.etag).toBe(etag);
    }
    expect((await get(`/avatar/${id}`, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('answers HEAD with headers only', async () => {
    const id = avatarIdFor('u1');
    const res = await get(`/avatar/${id}`, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.body).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('refuses malformed ids with 400 before touching the store', async () => {
    const hex = 'a'.repeat(40);
    for (const path of [
      '/avatar/../../etc/passwd',
      '/avatar/..%2f..%2fetc%2fpasswd',
      `/avatar/${hex.toUpperCase()}.image`,
      `/avatar/${hex}.png`,
      `/avatar/${hex}.image/x`,
      `/avatar/sub/${hex}.image`,
      '/avatar/',
      '/elsewhere/x',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(errorOf(res.body)).toBe('invalid avatar id');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('answers 404 JSON for a missing avatar', async () => {
    const res = await get(`/avatar/${avatarIdFor('nobody')}`);
    expect(res.status).toBe(404);
    expect(errorOf(res.body)).toBe('avatar not found');
  });

  it('answers 405 for other methods', async () => {
    const res = await get(`/avatar/${avatarIdFor('u1')}`, {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('never serves HTML or SVG put into the store behind the proxy’s back (415)', async () => {
    for (const [user, bytes] of [
      ['poison_html', HTML_PAGE],
      ['poison_svg', SVG_WITH_SCRIPT],
      ['poison_empty', Buffer.alloc(0)],
    ] as const) {
      const id = await store.put(user, bytes);
      const res = await get(`/avatar/${id}`);
      expect(res.status).toBe(415);
      expect(errorOf(res.body)).toBe('invalid avatar content');
      expect(res.headers['content-type']).not.toMatch(/html|svg/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(logged.filter((line) => line.includes('not an allowed image'))).toHaveLength(3);
  });

  it('answers 500 JSON when the store fails, logging the cause', async () => {
    const broken = createAvatarHandler({
      store: Object.create(store, { fingerprint: { value: () => Promise.reject(new Error('io error')) } }),
      routePath: '/avatar',
      logger: { logf: (f, ...a) => logged.push(`${f} ${a.join(' ')}`) },
    });
    const res = await broken({ method: 'GET', url: `/avatar/${avatarIdFor('u1')}`, headers: {}, ip: '' });
    expect(res.status).toBe(500);
    expect(errorOf(res.body)).toBe("can't load avatar");
    expect(logged.some((line) => line.includes('io error'))).toBe(true);
  });
});

describe('ifNoneMatchHits', () => {
  it('matches exact, weak and wildcard tags only', () => {
    expect(ifNoneMatchHits('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b", "a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('*', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"ab"', '"a"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"a"')).toBe(false);
  });
});
