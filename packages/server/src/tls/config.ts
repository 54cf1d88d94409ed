/**
 * @module tls/config
 * Section `tls`: native HTTPS. `cert` and `key` (PEM files) turn it on; `ca` (PEM) is the authority
 * that client certificates must chain to; `clientCerts` says whether the service asks for one
 * (`none`), accepts one when offered (`optional`) or refuses connections without one (`required`).
 * The files are read at start and again on SIGHUP or when they change (see `tls/reload.ts`).
 */
import * as z from 'zod';
import { text } from '../settings/fields.js';

export const tlsSection = z
  .strictObject({
    /** The server's certificate chain (PEM). */
    cert: text.optional(),
    /** Its private key (PEM). */
    key: text.optional(),
    /** Certificate authorities client certificates must chain to (PEM). */
    ca: text.optional(),
    clientCerts: z
      .enum(['none', 'optional', 'required'], { error: 'expected "none", "optional" or "required"' })
      .default('none'),
  })
  .prefault({});

export type TlsConfig = z.output<typeof tlsSection>;

/** True when the service listens with HTTPS. */
export function tlsEnabled(tls: TlsConfig): boolean {
  return tls.cert !== undefined;
}

/** Problems within the section, each with its key. */
export function checkTls(tls: TlsConfig): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  if ((tls.cert === undefined) !== (tls.key === undefined)) {
    const missing = tls.cert === undefined ? 'cert' : 'key';
    problems.push({ path: ['tls', missing], message: 'tls.cert and tls.key go together: set both' });
  }
  if (tls.clientCerts !== 'none' && (tls.ca === undefined || tls.cert === undefined)) {
    problems.push({
      path: ['tls', 'clientCerts'],
      message: `client certificates need HTTPS and an authority to check them against: set tls.cert, tls.key and tls.ca`,
    });
  }
  return problems;
}
