/**
 * `server.trustProxy` as a list of proxies, over real HTTP: a client that is not a listed proxy is
 * throttled by its own address however it rotates `X-Forwarded-For`; a listed proxy's header is
 * believed. The old `true` is read as the proxies on this machine, with a warning; bad entries are
 * config errors naming the key.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { requestLimitWarnings } from '../src/config/request-limits.js';
import { ConfigError } from '../src/settings/errors.js';
import { useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

/** Wrong logins of ever new names, each claiming a new client address; the statuses in order. */
async function rotatingWrongLogins(url: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
      body: JSON.stringify({ user: `guess${i}`, passwd: 'wrong-password' }),
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe('server.trustProxy with the proxies listed', () => {
  it('throttles a direct client per its own address, whatever X-Forwarded-For it sends', async () => {
    const { url } = await start({ server: { trustProxy: ['192.0.2.10', '10.0.0.0/8'] } });
    const statuses = await rotatingWrongLogins(url, 22);
    expect(statuses.slice(0, 20).every((status) => status === 403)).toBe(true);
    // Past the address's 20 free failures (each name is new, so only the address can block).
    expect(statuses.at(-1)).toBe(429);
  }, 120_000);

  it("believes a listed proxy's X-Forwarded-For: each client there has its own budget", async () => {
    const { url } = await start({ server: { trustProxy: ['127.0.0.1'] } });
    const statuses = await rotatingWrongLogins(url, 22);
    expect(statuses.every((status) => status === 403)).toBe(true);
  }, 120_000);
});

describe('server.trustProxy in the config', () => {
  const load = (trustProxy: unknown) => {
    const cwd = tempDir();
    writeFileSync(`${cwd}/gatehouse.config.json`, JSON.stringify({ server: { trustProxy } }));
    return loadConfig({ cwd, env: {} }).config.server.trustProxy;
  };

  it('takes addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(load(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1'])).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses a name, a bad range or a string, naming the key', () => {
    for (const bad of [['proxy.example.com'], ['10.0.0.0/33'], ['10.0.0.0/8/1'], 'loopback']) {
      expect(() => load(bad)).toThrow(ConfigError);
      expect(() => load(bad)).toThrow(/server\.trustProxy/);
    }
  });

  it('still reads the deprecated true, and the start-up summary says what it means now', () => {
    expect(load(true)).toBe(true);
    expect(requestLimitWarnings({ trustProxy: true })).toEqual([
      'WARNING server.trustProxy: true is deprecated and now trusts the proxies on this machine only (127.0.0.0/8, ::1/128); list your proxies\' addresses instead, e.g. ["127.0.0.1"]',
    ]);
    expect(requestLimitWarnings({ trustProxy: ['127.0.0.1'] })).toEqual([]);
  });
});
