/**
 * A real SMTP server on 127.0.0.1 (port 0) for the e-mail sender tests, built with `smtp-server`:
 * it records every message it accepts (envelope, AUTH user, whether the session was TLS, the raw
 * data), and can require AUTH, offer STARTTLS with a self-signed certificate, or refuse mail.
 * The certificate and key in ./smtp-tls are for these tests only. Shared by the e-mail sender tests of
 * @gatehouse/auth and the service's verified-provider tests.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  authUser: string | undefined;
  secure: boolean;
  raw: string;
}

export interface SmtpPeer {
  port: number;
  received: ReceivedMail[];
  /** Called for every new SMTP connection. */
  onConnect?: () => void;
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** Accept only this user and password. */
  credentials?: { user: string; pass: string };
  /** Offer STARTTLS with the test certificate. */
  starttls?: boolean;
  /** Answer every RCPT TO with 550. */
  refuseRecipients?: boolean;
}

const tlsFile = (name: string) => readFileSync(new URL(`./smtp-tls/${name}`, import.meta.url));

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const peer: SmtpPeer = {
    port: 0,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: [...(options.credentials ? [] : ['AUTH']), ...(options.starttls ? [] : ['STARTTLS'])],
    ...(options.starttls ? { key: tlsFile('smtp-test-key.pem'), cert: tlsFile('smtp-test-cert.pem') } : {}),
    authOptional: !options.credentials,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, done) {
      peer.onConnect?.();
      done();
    },
    onAuth(auth, _session, done) {
      const want = options.credentials;
      if (want && auth.username === want.user && auth.password === want.pass) {
        done(null, { user: auth.username });
      } else {
        done(new Error('Invalid username or password'));
      }
    },
    onRcptTo(_address, _session, done) {
      if (options.refuseRecipients) {
        const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        done(error);
      } else done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          authUser: typeof session.user === 'string' ? session.user : undefined,
          secure: session.secure,
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.port = (server.server.address() as AddressInfo).port;
  return peer;
}

/** Headers (lower-case names, unfolded) and the decoded body of a raw single-part message. */
export function parseMail(raw: string): { headers: Record<string, string>; body: Buffer } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoded = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return { headers, body: decodeBody(encoded, encoding) };
}

function decodeBody(encoded: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(encoded.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const unwrapped = encoded.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < unwrapped.length; i++) {
      const hex = unwrapped.slice(i + 1, i + 3);
      if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(unwrapped.charCodeAt(i));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(encoded, 'latin1');
}
