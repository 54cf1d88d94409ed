/**
 * A throw-away certificate authority made with the openssl command line: a CA, a server certificate
 * for 127.0.0.1/localhost and client certificates with a chosen CN and DNS names, as PEM files in a
 * temporary directory, plus an HTTPS client that presents them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { type Agent, request } from 'node:https';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';

export interface KeyPair {
  cert: string;
  key: string;
}

export interface TestCA {
  dir: string;
  /** The CA certificate's PEM file. */
  caFile: string;
  /** A server certificate (CN and SANs for 127.0.0.1 and localhost) signed by the CA. */
  server(name?: string): KeyPair;
  /** A client certificate with CN `cn` and DNS names `dns`, signed by the CA. */
  client(cn: string, dns?: readonly string[]): KeyPair;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A new CA in `dir` (files `ca.pem`, `ca.key`); each certificate it signs gets its own files. */
export function createCA(dir: string, name = 'Gatehouse Test CA'): TestCA {
  openssl(
    dir,
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'].concat([
      '-subj',
      `/CN=${name}`,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
    ]),
  );
  let serial = 0;
  const sign = (base: string, cn: string, extensions: string): KeyPair => {
    serial++;
    const file = `${base}-${serial}`;
    writeFileSync(join(dir, `${file}.ext`), extensions);
    openssl(
      dir,
      ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', `/CN=${cn}`].concat([
        '-keyout',
        `${file}.key`,
        '-out',
        `${file}.csr`,
      ]),
    );
    openssl(
      dir,
      ['x509', '-req', '-in', `${file}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-days', '2'].concat([
        '-set_serial',
        String(1000 + serial),
        '-extfile',
        `${file}.ext`,
        '-out',
        `${file}.pem`,
      ]),
    );
    return { cert: join(dir, `${file}.pem`), key: join(dir, `${file}.key`) };
  };
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    server: (name = 'localhost') =>
      sign('server', name, 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n'),
    client: (cn, dns = []) =>
      sign(
        'client',
        cn,
        `${dns.length > 0 ? `subjectAltName=${dns.map((d) => `DNS:${d}`).join(',')}\n` : ''}extendedKeyUsage=clientAuth\n`,
      ),
  };
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The SHA-256 fingerprint of the certificate the server presented. */
  serverFingerprint: string;
  /** The local port of the connection (the same port means the same connection). */
  localPort: number;
}

export interface HttpsCall {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  ca: string;
  client?: KeyPair;
  /** Default: a new connection per call. */
  agent?: Agent;
}

/** One HTTPS request that trusts `ca` and presents `client` when given. */
export function httpsCall(url: string, call: HttpsCall): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: call.method ?? 'GET',
        headers: call.headers,
        ca: readFileSync(call.ca),
        ...(call.client ? { cert: readFileSync(call.client.cert), key: readFileSync(call.client.key) } : {}),
        agent: call.agent ?? false, // a new connection unless the caller shares an agent
      },
      (res) => {
        const socket = res.socket as TLSSocket;
        const serverFingerprint = socket.getPeerCertificate().fingerprint256;
        const localPort = socket.localPort ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, serverFingerprint, localPort });
        });
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}
