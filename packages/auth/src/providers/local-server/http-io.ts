/**
 * @module providers/local-server/http-io
 * node:http plumbing of the local OAuth 2.0 server: a bounded form body and small answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_FORM_BYTES = 64 * 1024;

/** A form body over {@link MAX_FORM_BYTES}: the client's fault, answered 413 and not read further. */
export class FormTooLarge extends Error {
  readonly status = 413;

  constructor() {
    super(`form body larger than ${MAX_FORM_BYTES} bytes`);
    this.name = 'FormTooLarge';
  }
}

/** The urlencoded body of a POST (empty for other methods); throws {@link FormTooLarge} past 64 KiB. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  if (req.method !== 'POST') return {};
  // A declared length says it at once; a chunked body is counted as it comes.
  if (Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES) throw new FormTooLarge();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the rest is still read, and dropped: the 413 must reach a client still sending.
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_FORM_BYTES) return;
      size += chunk.length;
      if (size <= MAX_FORM_BYTES) return chunks.push(chunk);
      chunks.length = 0;
      reject(new FormTooLarge());
    });
    req.once('end', () => {
      if (size > MAX_FORM_BYTES) return;
      resolve(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    });
    req.once('error', reject);
  });
}

/**
 * Answers a refused form. The rest of the body is read and dropped (bounded by the server's request
 * timeout), not cut off: a client still sending would otherwise lose the answer to a broken pipe.
 */
export function refuseForm(req: IncomingMessage, res: ServerResponse, error: FormTooLarge): void {
  sendText(res, error.status, error.message);
  req.resume();
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${text}\n`);
}

export function sendJSON(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

export function sendHTML(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Inline style only; no script. No form-action: Chrome applies it to the redirect after the POST.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

export function queryOf(req: IncomingMessage): URLSearchParams {
  return new URL(req.url ?? '/', 'http://request.invalid').searchParams;
}

export function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://request.invalid').pathname;
}
