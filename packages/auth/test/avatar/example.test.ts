/** The README's avatar example (examples/avatars.mjs) runs: store, then serve with caching. */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildAvatarServer } from '../../examples/avatars.mjs';
import type { ImageAvatarProxy } from '../../src/index.js';

it('examples/avatars.mjs stores an identicon and serves it, then answers 304', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-avatar-example-'));
  const { proxy, server } = buildAvatarServer({ store: dir }) as {
    proxy: ImageAvatarProxy;
    server: Server;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const link = await proxy.put({ id: 'example_alice', name: 'alice' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${new URL(link).pathname}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const again = await fetch(url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  }
});
