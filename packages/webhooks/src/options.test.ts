import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from './options.js';

describe('resolveOptions', () => {
  it('fills the documented defaults', () => {
    const o = resolveOptions({ modulesDir: 'mods' });
    expect(o.modulesDir).toBe(path.resolve('mods'));
    expect(o.cacheDir).toBe(path.resolve('mods', '.webhooks-cache'));
    expect([o.bodyLimit, o.timeoutMs, o.concurrency, o.queueLimit]).toEqual([1048576, 30000, 16, 64]);
    expect(o.secret).toBeUndefined();
    expect(o.deliveryHeaders).toEqual(['webhook-id', 'idempotency-key']);
  });
  it('treats an empty secret as none', () => {
    expect(resolveOptions({ secret: '' }).secret).toBeUndefined();
  });
  it.each([
    [{ concurrency: 0 }, /concurrency must be an integer >= 1/],
    [{ bodyLimit: 1.5 }, /bodyLimit/],
    [{ timeoutMs: -1 }, /timeoutMs/],
    [{ defaultSignature: { scheme: 'github' as const } }, /needs a secret/],
  ])('throws a TypeError naming the package for %j', (options, message) => {
    expect(() => resolveOptions(options)).toThrow(TypeError);
    expect(() => resolveOptions(options)).toThrow(message);
    expect(() => resolveOptions(options)).toThrow(/^@gatehouse\/webhooks: /);
  });
});
