/**
 * @module cli/service-client
 * Lets a CLI command ask the running service on this machine to do something only the service can
 * (its state lives in its memory): a GET or POST to an admin route over loopback, which the default
 * `access.admin` rule lets in. Over HTTPS the service's certificate is pinned to the `tls.cert`
 * file (its SHA-256 fingerprint), so no host name or authority is needed and nothing else is trusted.
 */

import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { isLoopbackHost } from '../access/loopback.js';
import { formatHost } from '../settings/url-host.js';

/** Where the service listens, and the certificate it answers with over HTTPS. */
export interface ServiceAddress {
  readonly server: { readonly host: string; readonly port: number };
  readonly tls: { readonly cert?: string | undefined };
}

/** Where the running service is reachable from this machine, or why it is not. */
export function loopbackAddress(config: ServiceAddress): string {
  const { host, port } = config.server;
  if (port === 0) throw new Error('server.port is 0: the running service cannot be found; give --port');
  if (isLoopbackHost(host)) return `${formatHost(host)}:${port}`;
  if (host === '0.0.0.0') return `127.0.0.1:${port}`;
  if (host === '::') return `[::1]:${port}`;
  throw new Error(
    `the service listens on ${host} only, not on loopback: use POST /admin/... with an admin login`,
  );
}

/** POSTs `body` as JSON to `path` of the running service; resolves its status and body. */
export function postToService(
  config: ServiceAddress,
  path: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return callService(config, 'POST', path, JSON.stringify(body));
}

/** GETs `path` of the running service; resolves its status and body. */
export function getFromService(
  config: ServiceAddress,
  path: string,
): Promise<{ status: number; body: string }> {
  return callService(config, 'GET', path, undefined);
}

function callService(
  config: ServiceAddress,
  method: 'GET' | 'POST',
  path: string,
  payload: string | undefined,
): Promise<{ status: number; body: string }> {
  const https = config.tls.cert !== undefined;
  const url = `${https ? 'https' : 'http'}://${loopbackAddress(config)}${path}`;
  const pinned = https ? new X509Certificate(readFileSync(config.tls.cert!)).fingerprint256 : undefined;
  return new Promise((resolve, reject) => {
    const options = {
      method,
      headers:
        payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      // Checked below against the pinned fingerprint before anything is sent.
      ...(https ? { rejectUnauthorized: false } : {}),
    };
    const req = (https ? httpsRequest : httpRequest)(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', (error) => reject(new Error(`the service at ${url} did not answer: ${error.message}`)));
    if (pinned) {
      req.on('socket', (socket) => {
        (socket as TLSSocket).once('secureConnect', () => {
          if ((socket as TLSSocket).getPeerCertificate().fingerprint256 !== pinned) {
            req.destroy(new Error(`the certificate at ${url} is not the one in tls.cert`));
          }
        });
      });
    }
    req.end(payload);
  });
}
