import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarIdFor } from '../../src/avatar/id.js';
import { generateIdenticon } from '../../src/avatar/identicon.js';
import { createAvatarProxy } from '../../src/avatar/proxy.js';
import { sniffImageType } from '../../src/avatar/sniff.js';
import { FileAvatarStore } from '../../src/avatar/stores/file-store.js';
import { AuthError } from '../../src/errors.js';
import { HTML_PAGE, pixelsOf, pngBomb, SVG_WITH_SCRIPT, solidImage } from '../support/avatar/images.js';
import {
  endlessBody,
  neverAnswers,
  type PictureServer,
  sendBytes,
  startPictureServer,
} from '../support/avatar/picture-server.js';

const BASE = 'https://gate.example.com';
let dir: string;
let store: FileAvatarStore;
let server: PictureServer;
const logged: string[] = [];
const logger = { logf: (format: string, ...args: unknown[]) => logged.push(`${format} ${args.join(' ')}`) };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-avatar-proxy-'));
  store = new FileAvatarStore(dir);
  const png = await solidImage(800, 400, 'png');
  server = await startPictureServer({
    '/wide.png': sendBytes('image/png', png),
    '/small.png': sendBytes('image/png', await solidImage(100, 50, 'png')),
    '/photo.jpg': sendBytes('image/jpeg', await solidImage(120, 90, 'jpeg')),
    '/anim.gif': sendBytes('image/gif', await solidImage(40, 40, 'gif')),
    '/labelled-octet.png': sendBytes('application/octet-stream', png),
    '/polyglot.png': sendBytes('image/png', Buffer.concat([png, HTML_PAGE])),
    '/bomb.png': sendBytes('image/png', pngBomb()),
    '/html.png': sendBytes('image/png', HTML_PAGE),
    '/script.svg': sendBytes('image/svg+xml', SVG_WITH_SCRIPT),
    '/script-as-png.png': sendBytes('image/png', SVG_WITH_SCRIPT),
    '/huge.png': sendBytes('image/png', Buffer.alloc(11 * 1024 * 1024, 1)),
    '/endless.png': endlessBody,
    '/slow.png': neverAnswers,
    '/truncated.png': sendBytes('image/png', png.subarray(0, png.length / 2)),
  });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function proxy(options: { resizeLimit?: number; timeoutMs?: number; maxBytes?: number } = {}) {
  return createAvatarProxy({
    store,
    baseURL: `${BASE}/`,
    routePath: '/avatar',
    resizeLimit: options.resizeLimit ?? 0,
    logger,
    fetchLimits: { timeoutMs: options.timeoutMs ?? 5_000, maxBytes: options.maxBytes ?? 10 * 1024 * 1024 },
  });
}

async function storedFor(userId: string): Promise<Buffer> {
  const data = await store.get(avatarIdFor(userId));
  expect(data, `avatar of ${userId} stored`).toBeDefined();
  return data!;
}

async function expectIdenticon(userId: string): Promise<void> {
  const stored = await storedFor(userId);
  expect(sniffImageType(stored)).toBe('image/png');
  expect(await pixelsOf(stored)).toEqual(await pixelsOf(await generateIdenticon(userId)));
}

describe('put', () => {
  it('returns the local link: base URL, route path, sha1 of the user id', async () => {
    const link = await proxy().put({ id: 'dev_user', name: 'dev' });
    expect(link).toBe(`${BASE}/avatar/ccfa2abd01667605b4e1fc4fcb91b1e1af323240.image`);
    await expectIdenticon('dev_user');
  });

  it('stores a real PNG, shrunk to the limit with its aspect ratio kept', async () => {
    await proxy({ resizeLimit: 200 }).put({ id: 'u_wide', name: 'w', picture: server.url('/wide.png') });
    const stored = await sharp(await storedFor('u_wide')).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 200, 100]);
  });

  it('never enlarges an image smaller than the limit', async () => {
    await proxy({ resizeLimit: 200 }).put({ id: 'u_small', name: 's', picture: server.url('/small.png') });
    const stored = await sharp(await storedFor('u_small')).metadata();
    expect([stored.width, stored.height]).toEqual([100, 50]);
  });

  it('keeps the size when resizing is off', async () => {
    await proxy().put({ id: 'u_full', name: 'f', picture: server.url('/wide.png') });
    const stored = await sharp(await storedFor('u_full')).metadata();
    expect([stored.width, stored.height]).toEqual([800, 400]);
  });

  it('keeps JPEG as JPEG and turns GIF into PNG', async () => {
    await proxy().put({ id: 'u_jpg', name: 'j', picture: server.url('/photo.jpg') });
    await proxy().put({ id: 'u_gif', name: 'g', picture: server.url('/anim.gif') });
    expect(sniffImageType(await storedFor('u_jpg'))).toBe('image/jpeg');
    expect(sniffImageType(await storedFor('u_gif'))).toBe('image/png');
  });

  it('decides by decoding, not by the Content-Type', async () => {
    await proxy().put({ id: 'u_octet', name: 'o', picture: server.url('/labelled-octet.png') });
    expect(sniffImageType(await storedFor('u_octet'))).toBe('image/png');
  });

  it('re-encodes, so bytes smuggled after the image are not stored', async () => {
    await proxy().put({ id: 'u_poly', name: 'p', picture: server.url('/polyglot.png') });
    const stored = await storedFor('u_poly');
    expect(sniffImageType(stored)).toBe('image/png');
    expect(stored.includes('<script>')).toBe(false);
  });

  it('fetches the picture once per login', async () => {
    server.hits.delete('/small.png');
    await proxy().put({ id: 'u_once', name: 'o', picture: server.url('/small.png') });
    expect(server.hits.get('/small.png')).toBe(1);
  });

  it('uses the fetch it is given (the provider’s authenticated client)', async () => {
    const seen: string[] = [];
    const authenticated: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    await proxy().put({ id: 'u_client', name: 'c', picture: server.url('/small.png') }, authenticated);
    expect(seen).toEqual([server.url('/small.png')]);
  });
});

describe('put falls back to an identicon', () => {
  const cases: [string, string, string][] = [
    ['a decompression bomb (50000x50000 header)', '/bomb.png', 'is 50000x50000, more than 16777216 pixels'],
    ['an HTML page labelled image/png', '/html.png', 'not a readable image'],
    ['an SVG with a script', '/script.svg', 'format svg is not accepted'],
    ['an SVG labelled image/png', '/script-as-png.png', 'format svg is not accepted'],
    ['a body over the byte cap (declared length)', '/huge.png', 'declares 11534336 bytes'],
    ['a truncated image', '/truncated.png', 'does not decode'],
    ['a 404', '/missing.png', 'status 404'],
  ];
  for (const [what, path, reason] of cases) {
    it(`for ${what}`, async () => {
      const userId = `u_fallback${path}`;
      await proxy().put({ id: userId, name: 'x', picture: server.url(path) });
      await expectIdenticon(userId);
      expect(logged.filter((line) => line.includes(userId)).join('\n')).toContain(reason);
    });
  }

  it('for an endless body, cut off at the byte cap', async () => {
    await proxy({ maxBytes: 256 * 1024 }).put({
      id: 'u_endless',
      name: 'e',
      picture: server.url('/endless.png'),
    });
    await expectIdenticon('u_endless');
    expect(logged.some((line) => line.includes('larger than 262144 bytes'))).toBe(true);
  });

  it('for a server that never answers, after the timeout', async () => {
    await proxy({ timeoutMs: 200 }).put({ id: 'u_slow', name: 's', picture: server.url('/slow.png') });
    await expectIdenticon('u_slow');
    expect(logged.some((line) => line.includes('took longer than 200 ms'))).toBe(true);
  });

  it('for URLs that are not http(s)', async () => {
    await proxy().put({ id: 'u_file', name: 'f', picture: 'file:///etc/passwd' });
    await proxy().put({
      id: 'u_data',
      name: 'd',
      picture: `data:image/png;base64,${pngBomb().toString('base64')}`,
    });
    await expectIdenticon('u_file');
    await expectIdenticon('u_data');
  });

  it('for an unreachable host', async () => {
    await proxy().put({ id: 'u_down', name: 'd', picture: 'http://127.0.0.1:1/x.png' });
    await expectIdenticon('u_down');
  });

  it('resized like any avatar', async () => {
    await proxy({ resizeLimit: 64 }).put({ id: 'u_small_identicon', name: 's' });
    const stored = await sharp(await storedFor('u_small_identicon')).metadata();
    expect([stored.width, stored.height]).toEqual([64, 64]);
  });
});

describe('putContent', () => {
  it('stores bytes it is given', async () => {
    const link = await proxy().putContent('u_upload', await solidImage(30, 20, 'webp'));
    expect(link).toBe(`${BASE}/avatar/${avatarIdFor('u_upload')}`);
    expect(sniffImageType(await storedFor('u_upload'))).toBe('image/webp');
  });

  it('refuses what is not an image with 415 and stores nothing', async () => {
    const attempt = proxy().putContent('u_upload_html', HTML_PAGE);
    await expect(attempt).rejects.toBeInstanceOf(AuthError);
    await expect(attempt).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED_MEDIA_TYPE', status: 415 });
    expect(await store.get(avatarIdFor('u_upload_html'))).toBeUndefined();
  });
});

describe('options and store failures', () => {
  it('rejects bad options at construction', () => {
    expect(() => createAvatarProxy({ store, baseURL: BASE, routePath: 'avatar' })).toThrow(TypeError);
    expect(() => createAvatarProxy({ store, baseURL: BASE, resizeLimit: -1 })).toThrow(/resizeLimit/);
    expect(() => createAvatarProxy({ store, baseURL: BASE, fetchLimits: { maxBytes: 0 } })).toThrow(
      /maxBytes/,
    );
    expect(() => createAvatarProxy({ store, baseURL: BASE, fingerprintCacheMs: -1 })).toThrow(
      /fingerprintCacheMs/,
    );
  });

  it('makes put reject when the store fails', async () => {
    const failing = Object.create(store, {
      put: { value: async () => Promise.reject(new Error('disk full')) },
    });
    const broken = createAvatarProxy({ store: failing, baseURL: BASE });
    await expect(broken.put({ id: 'u_x', name: 'x' })).rejects.toThrow('disk full');
  });

  it('opens a URI store in the background and reports a bad URI on use, without crashing', async () => {
    const lines: string[] = [];
    const bad = createAvatarProxy({
      store: 'ftp://example.com/avatars',
      baseURL: BASE,
      logger: { logf: (f, ...a) => lines.push(`${f} ${a.join(' ')}`) },
    });
    await expect(bad.put({ id: 'u_y', name: 'y' })).rejects.toThrow(
      /could not be opened: .*unknown avatar store URI/,
    );
    const res = await bad.handler({
      method: 'GET',
      url: `/avatar/${avatarIdFor('u_y')}`,
      headers: {},
      ip: '',
    });
    expect(res.status).toBe(500);
    expect(lines.some((line) => line.includes('could not be opened'))).toBe(true);
    await bad.close();
  });

  it('works with a store given as a URI', async () => {
    const uriProxy = createAvatarProxy({ store: `file://${dir}/by-uri`, baseURL: BASE });
    const link = await uriProxy.put({ id: 'u_uri', name: 'u' });
    const res = await uriProxy.handler({ method: 'GET', url: new URL(link).pathname, headers: {}, ip: '' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    await uriProxy.close();
  });
});
