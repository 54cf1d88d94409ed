/**
 * One HTTP/1.1 request with exactly the headers given, `Host` included (fetch sets its own): what a
 * DNS-rebinding page or a browser of another site sends, without a browser.
 */
import { request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HttpCall {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Sends `call` to `url` (http only) and resolves with the whole answer. */
export function httpCall(url: string, call: HttpCall = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: call.method ?? 'GET', headers: call.headers ?? {} }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(call.body);
  });
}
