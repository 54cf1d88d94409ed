/**
 * @module providers/local-server/http-io
 * node:http plumbing of the local OAuth 2.0 server: a bounded form body and small answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_FORM_BYTES = 64 * 1024;

/** The urlencoded body of a POST (empty for other methods); rejects bodies over 64 KiB. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  if (req.method !== 'POST') return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('form body too large');
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
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
