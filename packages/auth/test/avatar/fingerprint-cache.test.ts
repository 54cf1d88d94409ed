import { describe, expect, it } from 'vitest';
import { withFingerprintCache } from '../../src/avatar/fingerprint-cache.js';
import { avatarIdFor } from '../../src/avatar/id.js';
import { MapAvatarStore } from '../support/avatar/memory-store.js';

function setup(maxEntries = 100) {
  const clock = { ms: 0 };
  const backing = new MapAvatarStore();
  let asked = 0;
  const counting = Object.create(backing, {
    fingerprint: {
      value: (id: string) => {
        asked++;
        return backing.fingerprint(id);
      },
    },
  });
  const cached = withFingerprintCache(counting, { ttlMs: 1000, maxEntries, now: () => clock.ms });
  return { clock, backing, cached, asked: () => asked };
}

describe('withFingerprintCache', () => {
  it('answers repeated questions from memory until the TTL passes', async () => {
    const { clock, backing, cached, asked } = setup();
    const id = await cached.put('u1', Buffer.from('one'));
    const first = await cached.fingerprint(id);
    expect(await cached.fingerprint(id)).toBe(first);
    expect(asked()).toBe(1);
    await backing.put('u1', Buffer.from('changed elsewhere'));
    expect(await cached.fingerprint(id)).toBe(first);
    clock.ms = 1001;
    expect(await cached.fingerprint(id)).toBe(await backing.fingerprint(id));
    expect(asked()).toBe(2);
  });

  it('forgets at once what is put or removed through it', async () => {
    const { cached } = setup();
    const id = await cached.put('u2', Buffer.from('one'));
    const before = await cached.fingerprint(id);
    await cached.put('u2', Buffer.from('two'));
    const after = await cached.fingerprint(id);
    expect(after).not.toBe(before);
    await cached.remove(id);
    expect(await cached.fingerprint(id)).toBeUndefined();
  });

  it('does not keep misses, so an avatar stored elsewhere is found at once', async () => {
    const { backing, cached } = setup();
    const id = avatarIdFor('u3');
    expect(await cached.fingerprint(id)).toBeUndefined();
    await backing.put('u3', Buffer.from('now here'));
    expect(await cached.fingerprint(id)).toBe(await backing.fingerprint(id));
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { cached, asked } = setup(2);
    const ids = [];
    for (const user of ['a', 'b', 'c']) ids.push(await cached.put(user, Buffer.from(user)));
    for (const id of ids) await cached.fingerprint(id);
    expect(asked()).toBe(3);
    await cached.fingerprint(ids[2]!);
    await cached.fingerprint(ids[1]!);
    expect(asked()).toBe(3);
    await cached.fingerprint(ids[0]!);
    expect(asked()).toBe(4);
  });
});
