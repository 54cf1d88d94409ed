/**
 * @module access/loopback
 * What counts as "this machine": the listening host (`server.host`) and the peer of a request. A
 * request relayed by a proxy on this machine comes from a loopback address too, so a request that
 * carries `X-Forwarded-For` or `Forwarded` is never a loopback client, whatever `server.trustProxy`
 * says: a proxy adds those headers, and a client on the machine has no reason to.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.');
}

/**
 * True when `server.host` keeps the service on this machine: `localhost` or a literal loopback
 * address. A name such as `127.evil.example` is whatever DNS says it is, so it never counts.
 */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || (isIP(host) !== 0 && isLoopbackAddress(host));
}

/** True when the TCP peer is on this machine and no proxy relayed the request. */
export function isLoopbackClient(raw: IncomingMessage): boolean {
  const { headers } = raw;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return isLoopbackAddress(raw.socket.remoteAddress);
}
