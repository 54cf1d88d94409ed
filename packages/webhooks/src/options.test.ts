import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { defaults, resolveOptions } from './options.js';

describe('resolveOptions', () => {
  it('fills the documented defaults', () => {
    const o = resolveOptions({ modulesDir: 'mods' });
    expect(o.modulesDir).toBe(path.resolve('mods'));
    expect(o.cacheDir).toBe(path.resolve('mods', '.webhooks-cache'));
    expect([o.bodyLimit, o.timeoutMs, o.concurrency, o.queueLimit]).toEqual([1048576, 30000, 16, 64]);
    expect(o.secret).toBeUndefined();
    expect(o.deliveryHeaders).toEqual(['webhook-id', 'idempotency-key']);
  });
  it('resolves every default from the exported, frozen defaults', () => {
    const o = resolveOptions({ inbox: {} });
    expect(Object.isFrozen(defaults)).toBe(true);
    expect(o).toMatchObject({
      watch: defaults.watch,
      bodyLimit: defaults.bodyLimit,
      maxDepth: defaults.maxDepth,
      answerLimit: defaults.answerLimit,
      timeoutMs: defaults.timeoutMs,
      concurrency: defaults.concurrency,
      queueLimit: defaults.queueLimit,
      replayWindowMs: defaults.replayWindowMs,
      replayMaxEntries: defaults.replayMaxEntries,
      deliveryHeaders: defaults.deliveryHeaders,
      inbox: defaults.inbox,
      allowUnauthenticated: defaults.allowUnauthenticated,
      debounceMs: defaults.debounceMs,
      isolation: defaults.isolation,
      workerUser: defaults.workerUser,
      workerMemoryMib: defaults.workerMemoryMib,
      loadTimeoutMs: defaults.loadTimeoutMs,
    });
  });
  it('takes the renamed memoryMb and inbox.perModule under their new names, warning once', () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      const o = resolveOptions({ memoryMb: 64, inbox: { perModule: 3 } });
      expect(o.workerMemoryMib).toBe(64);
      expect(o.inbox?.deliveries).toBe(3);
      expect(resolveOptions({ memoryMb: 32, workerMemoryMib: 48 }).workerMemoryMib).toBe(48);
      const messages = emitWarning.mock.calls.map(([message]) => String(message));
      expect(messages).toEqual([
        expect.stringMatching(/`memoryMb` is deprecated; use `workerMemoryMib`/),
        expect.stringMatching(/`inbox.perModule` is deprecated; use `inbox.deliveries`/),
      ]);
    } finally {
      emitWarning.mockRestore();
    }
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
