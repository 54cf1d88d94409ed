/**
 * @module senders/email
 * The bundled e-mail {@link Sender}: one SMTP message per confirmation, through nodemailer (the
 * maintained SMTP client for Node: STARTTLS, AUTH, pooling and header encoding done right), with
 * the parameters of the reference: host, port, user/password, STARTTLS, skip-verify, From,
 * Subject, content type and charset. Silent: nodemailer's own logging stays off; failures reject.
 * nodemailer is an optional peer dependency, imported when the sender is created: the first `send`
 * rejects naming the package when it is not installed.
 */
import type { Transporter } from 'nodemailer';
import { importOptional } from '../internal/optional-package.js';
import type { Sender } from './sender.js';

export interface EmailSenderOptions {
  /** SMTP host. */
  host: string;
  /** SMTP port; default 25, or 465 with `tls`. */
  port?: number;
  /** SMTP AUTH user; no AUTH when absent. */
  smtpUserName?: string;
  smtpPassword?: string;
  /**
   * Require STARTTLS: refuse to send over a server that does not offer it. When false the
   * connection is still upgraded if the server offers STARTTLS (opportunistic TLS).
   */
  startTLS?: boolean;
  /** Implicit TLS from the first byte (SMTPS, usually port 465). Default false. */
  tls?: boolean;
  /** Accept any server certificate (self-signed test servers). Default false: certificates are verified. */
  insecureSkipVerify?: boolean;
  /** Sender address, e.g. `"Example" <no-reply@example.com>`. */
  from: string;
  /** Subject line. Default `Confirmation`. */
  subject?: string;
  /** `text/plain` (default) or `text/html`; the verified provider escapes placeholders for HTML. */
  contentType?: string;
  /** Character set of the body: `utf-8` (default), `iso-8859-1` or `us-ascii`. */
  charset?: string;
  /** Give up on a connection, greeting or command after this long; default 30000 ms. */
  timeoutMs?: number;
  /**
   * Keep up to this many SMTP connections open and reuse them (call `close()` at shutdown).
   * Default 0: one connection per message, nothing left open.
   */
  poolSize?: number;
}

const CHARSETS: Record<string, (text: string) => Buffer> = {
  'utf-8': (text) => Buffer.from(text, 'utf8'),
  'iso-8859-1': (text) => Buffer.from(text.replace(/[^\x20-\xff\t\n\r]/gu, '?'), 'latin1'),
  'us-ascii': (text) => Buffer.from(text.replace(/[^\x20-\x7e\t\n\r]/gu, '?'), 'latin1'),
};

function checkedCharset(charset: string | undefined): string {
  const name = (charset ?? 'utf-8').toLowerCase().replace(/^utf8$/, 'utf-8');
  if (!CHARSETS[name]) {
    throw new TypeError(
      `@gatehouse/auth: e-mail charset ${charset} is not supported (utf-8, iso-8859-1, us-ascii)`,
    );
  }
  return name;
}

function checkedContentType(contentType: string | undefined): string {
  const type = (contentType ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'text/html') {
    throw new TypeError(`@gatehouse/auth: e-mail content type ${contentType} is not text/plain or text/html`);
  }
  return type;
}

export class EmailSender implements Sender {
  /** `<type>; charset=<charset>`, as the message header says it. */
  readonly contentType: string;
  readonly #transport: Promise<Transporter>;
  readonly #from: string;
  readonly #subject: string;
  readonly #encode: (text: string) => Buffer;

  constructor(options: EmailSenderOptions) {
    if (!options?.host) throw new TypeError('@gatehouse/auth: the e-mail sender needs a host');
    if (!options.from) throw new TypeError('@gatehouse/auth: the e-mail sender needs a From address');
    const charset = checkedCharset(options.charset);
    this.contentType = `${checkedContentType(options.contentType)}; charset=${charset}`;
    this.#encode = CHARSETS[charset]!;
    this.#from = options.from;
    this.#subject = options.subject ?? 'Confirmation';
    const timeout = options.timeoutMs ?? 30_000;
    const poolSize = options.poolSize ?? 0;
    if (!Number.isInteger(poolSize) || poolSize < 0) {
      throw new TypeError('@gatehouse/auth: e-mail poolSize must be a whole number, 0 for no pool');
    }
    const settings = {
      ...(poolSize > 0 ? { pool: true as const, maxConnections: poolSize } : {}),
      host: options.host,
      port: options.port ?? (options.tls ? 465 : 25),
      secure: options.tls === true,
      requireTLS: options.startTLS === true,
      tls: { rejectUnauthorized: options.insecureSkipVerify !== true },
      ...(options.smtpUserName
        ? { auth: { user: options.smtpUserName, pass: options.smtpPassword ?? '' } }
        : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      logger: false,
      debug: false,
    };
    this.#transport = importOptional('nodemailer', 'the e-mail sender', () => import('nodemailer')).then(
      ({ default: nodemailer }) => nodemailer.createTransport(settings),
    );
    // Reported by send(); not an unhandled rejection of a sender that never sends.
    this.#transport.catch(() => {});
  }

  async send(address: string, text: string): Promise<void> {
    const transport = await this.#transport;
    await transport.sendMail({
      from: this.#from,
      to: address,
      subject: this.#subject,
      // A single alternative is the whole body, with exactly this content type and charset.
      alternatives: [{ contentType: this.contentType, content: this.#encode(text) }],
    });
  }

  /** Closes pooled connections, if any. */
  close(): void {
    this.#transport.then(
      (transport) => transport.close(),
      () => {},
    );
  }
}
