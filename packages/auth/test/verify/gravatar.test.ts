/**
 * The verified provider's Gravatar option against a fake Gravatar (a real HTTP server on
 * 127.0.0.1): an address with a Gravatar gets it stored as the avatar; without one the proxy makes
 * an identicon; without the option Gravatar is never asked.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/index.js';
import { solidImage } from '../support/avatar/images.js';
import { MapAvatarStore } from '../support/avatar/memory-store.js';
import { type PictureServer, sendBytes, startPictureServer } from '../support/avatar/picture-server.js';
import { tokenIn, verifyAppPerTest } from '../support/verify/verify-app.js';

const setup = verifyAppPerTest();
let gravatar: PictureServer | undefined;
afterEach(async () => {
  await gravatar?.close();
  gravatar = undefined;
});

const hashOf = (email: string) => createHash('sha256').update(email).digest('hex');

async function loginAs(url: string, address: string, sent: string[]): Promise<User> {
  const res = await fetch(`${url}/auth/email/login?user=u&address=${encodeURIComponent(address)}`);
  expect(res.status).toBe(200);
  const login = await fetch(`${url}/auth/email/login?token=${tokenIn(sent.at(-1)!)}`);
  expect(login.status).toBe(200);
  return (await login.json()) as User;
}

describe('verified provider with useGravatar', () => {
  it('stores the Gravatar of the lower-cased address; falls back to an identicon', async () => {
    const png = await solidImage(80, 80, 'png');
    const known = 'known@example.test';
    gravatar = await startPictureServer({
      [`/avatar/${hashOf(known)}?d=404&s=80`]: sendBytes('image/png', png),
    });
    const sent: string[] = [];
    const store = new MapAvatarStore();
    const { url } = await setup(
      async (_a, text) => {
        sent.push(text);
      },
      { useGravatar: true, gravatarURL: gravatar.url('/avatar/') },
      { avatarStore: store },
    );
    const user = await loginAs(url, ' Known@Example.TEST ', sent);
    expect(user.picture).toMatch(/\/avatar\/[0-9a-f]{40}\.image$/);
    expect(gravatar.hits.get(`/avatar/${hashOf(known)}?d=404&s=80`)).toBe(1);
    const stored = [...store.entries.values()][0]!.data;

    const other = await loginAs(url, 'nobody@example.test', sent);
    expect(other.picture).toMatch(/\/avatar\/[0-9a-f]{40}\.image$/);
    expect(gravatar.hits.get(`/avatar/${hashOf('nobody@example.test')}?d=404&s=80`)).toBe(1);
    const identicon = store.entries.get(other.picture!.split('/').at(-1)!)!.data;
    expect(identicon.equals(stored)).toBe(false);
  });

  it('without the option Gravatar is never asked', async () => {
    gravatar = await startPictureServer({});
    const sent: string[] = [];
    const { url } = await setup(
      async (_a, text) => {
        sent.push(text);
      },
      { gravatarURL: gravatar.url('/avatar/') },
      { avatarStore: new MapAvatarStore() },
    );
    await loginAs(url, 'known@example.test', sent);
    expect(gravatar.hits.size).toBe(0);
  });
});
