/**
 * @module access/client-certificate
 * The certificate rules, PuppetDB's `certificate-allowlist` model: a client whose certificate
 * chains to `tls.ca` and whose name is listed gets in. The name is the subject CN; when the CN is
 * not listed, each DNS subject alternative name is tried. Names compare case-insensitively. A file
 * list (one name per line, `#` comments) is re-read on SIGHUP, with the TLS key pair.
 */
import { readFileSync } from 'node:fs';
import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import { ConfigError } from '../settings/errors.js';
import type { Verdict } from './verdict.js';

/** The names a list holds, re-readable when it comes from a file. */
export class CertificateAllowlist {
  readonly #file: string | undefined;
  readonly #key: string;
  #names: ReadonlySet<string>;

  constructor(source: { names: readonly string[] } | { file: string; key: string }) {
    if ('file' in source) {
      this.#file = source.file;
      this.#key = source.key;
      this.#names = this.#readFile();
    } else {
      this.#file = undefined;
      this.#key = '';
      this.#names = new Set(source.names.map((name) => name.toLowerCase()));
    }
  }

  has(name: string): boolean {
    return this.#names.has(name.toLowerCase());
  }

  /** Re-reads the file; keeps the old list (and throws) when it cannot be read. */
  reload(): void {
    if (this.#file !== undefined) this.#names = this.#readFile();
  }

  #readFile(): ReadonlySet<string> {
    let text: string;
    try {
      text = readFileSync(this.#file!, 'utf8');
    } catch (error) {
      throw new ConfigError([
        `${this.#key}: cannot read the allowlist ${this.#file} (${(error as NodeJS.ErrnoException).code})`,
      ]);
    }
    const names = text
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim().toLowerCase())
      .filter((line) => line !== '');
    return new Set(names);
  }
}

/** The CN and DNS names of a verified peer certificate; `undefined` when there is none or it did not verify. */
interface PeerNames {
  readonly verified: boolean;
  readonly names: readonly string[];
}

const namesOfSocket = new WeakMap<TLSSocket, PeerNames>();

/** The peer's names, read once per TLS connection (a certificate does not change within one). */
export function peerNames(request: FastifyRequest): PeerNames | undefined {
  const socket = request.raw.socket as TLSSocket;
  if (typeof socket.getPeerCertificate !== 'function') return undefined;
  let known = namesOfSocket.get(socket);
  if (!known) {
    const cert = socket.getPeerCertificate(false);
    if (!cert || Object.keys(cert).length === 0) return undefined;
    const cn = [cert.subject?.CN ?? []].flat();
    const dns = (cert.subjectaltname ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.startsWith('DNS:'))
      .map((entry) => entry.slice(4));
    known = { verified: socket.authorized === true, names: [...cn, ...dns] };
    namesOfSocket.set(socket, known);
  }
  return known;
}

/** A check admitting verified certificates whose CN (else a DNS name) is in the allowlist. */
export function certificateRule(allowlist: CertificateAllowlist): (request: FastifyRequest) => Verdict {
  return (request) => {
    const peer = peerNames(request);
    if (!peer) return { ok: false, status: 401, message: 'not authorized: no client certificate' };
    if (!peer.verified) {
      return { ok: false, status: 403, message: 'the client certificate is not trusted' };
    }
    if (peer.names.some((name) => allowlist.has(name))) return { ok: true };
    return {
      ok: false,
      status: 403,
      message: `certificate ${peer.names[0] ?? '(no name)'} is not in the allowlist`,
    };
  };
}
