/**
 * @module tls/https-options
 * The HTTPS settings of the server from section `tls`: the key pair and the client-certificate
 * authority read from their PEM files, and whether a client certificate is asked for (`optional`)
 * or demanded at the handshake (`required`). A file that cannot be read is a configuration error
 * naming its key, so the service never falls back to plain HTTP.
 */
import { readFileSync } from 'node:fs';
import type { SecureContextOptions, TlsOptions } from 'node:tls';
import { ConfigError } from '../settings/errors.js';
import { type TlsConfig, tlsEnabled } from './config.js';

function readPem(key: 'cert' | 'key' | 'ca', path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError([`tls.${key}: cannot read ${path} (${(error as NodeJS.ErrnoException).code})`]);
  }
}

/** The key pair and authority as they are on disk now. */
export function secureContextOptions(tls: TlsConfig): SecureContextOptions {
  return {
    cert: readPem('cert', tls.cert!),
    key: readPem('key', tls.key!),
    ...(tls.ca === undefined ? {} : { ca: readPem('ca', tls.ca) }),
  };
}

/** The options of `https.createServer`; `undefined` when the section leaves HTTPS off. */
export function httpsOptions(tls: TlsConfig): TlsOptions | undefined {
  if (!tlsEnabled(tls)) return undefined;
  return {
    ...secureContextOptions(tls),
    requestCert: tls.clientCerts !== 'none',
    rejectUnauthorized: tls.clientCerts === 'required',
    minVersion: 'TLSv1.2',
  };
}
