/**
 * @module config/request-limits
 * The `server` keys that decide which requests the service believes and how much of a body it
 * reads: the names it answers to (`hosts`), the proxies whose forwarding headers it believes
 * (`trustProxy`) and how deep a JSON body may nest (`jsonDepthLimit`).
 */
import { isIP } from 'node:net';
import * as z from 'zod';

const expectedHost = 'expected a host name like "gate.example.com" or an IP address, without scheme or port';

/** One DNS label: letters, digits and inner hyphens (underscores too: some internal names have them). */
const label = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

function isHostName(value: string): boolean {
  if (isIP(value) !== 0) return true;
  return value.length <= 253 && value.split('.').every((part) => label.test(part));
}

/** A name of the service as a `Host` header carries it, lower-case, IPv6 without brackets. */
export const hostName = z
  .string({ error: expectedHost })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, ''))
  .refine(isHostName, { error: expectedHost });

const expectedProxy =
  'expected false, or a list of the proxies\' addresses or CIDR ranges like ["127.0.0.1", "10.0.0.0/8"]';

/** An IPv4/IPv6 address, or a CIDR range of them (`10.0.0.0/8`, `fd00::/8`). */
export function isProxyAddress(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * `server.trustProxy`: a list of the proxies' addresses, or `false`. The old `true` (trust anyone's
 * forwarding headers) is still read, as the proxies on this machine only: see {@link proxyList}.
 */
export const trustedProxies = z
  .union(
    [
      z.boolean(),
      z.array(z.string().trim().refine(isProxyAddress, { error: expectedProxy }), { error: expectedProxy }),
    ],
    { error: expectedProxy },
  )
  .default(false);

/** What the deprecated `trustProxy: true` means now: proxies on this machine (it was anyone). */
export const loopbackProxies: readonly string[] = ['127.0.0.0/8', '::1/128'];

/** The proxies to believe, for Fastify's `trustProxy`; empty when none is. */
export function proxyList(trustProxy: boolean | readonly string[]): readonly string[] {
  if (trustProxy === true) return loopbackProxies;
  return trustProxy === false ? [] : trustProxy;
}

/** Start-up warnings about these keys: the deprecated `trustProxy: true`. */
export function requestLimitWarnings(server: { trustProxy: boolean | readonly string[] }): string[] {
  if (server.trustProxy !== true) return [];
  return [
    `WARNING server.trustProxy: true is deprecated and now trusts the proxies on this machine only (${loopbackProxies.join(', ')}); list your proxies' addresses instead, e.g. ["127.0.0.1"]`,
  ];
}

/** Nesting deep enough for any catalog, fact set or login, and far from what recursion can bear. */
export const defaultJsonDepthLimit = 256;

export const jsonDepthLimit = z
  .int({ error: 'expected a whole number of levels' })
  .min(1, { error: 'expected at least 1 level' })
  .max(2048, { error: 'expected at most 2048 levels (deeper nesting can exhaust the stack)' })
  .default(defaultJsonDepthLimit);
