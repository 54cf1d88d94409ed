/**
 * Test support: a real Fastify app with the plugin, listening on 127.0.0.1 port 0, against a
 * temporary modules folder; a logger that keeps its lines; small HTTP helpers.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Logger, type WebhooksPluginOptions, webhooksPlugin } from '../../src/index.js';

export interface TestService {
  app: FastifyInstance;
  base: string;
  dir: string;
  lines: string[];
  close(): Promise<void>;
}

export function recordingLogger(lines: string[]): Logger {
  return {
    logf: (format, ...args) => {
      let i = 0;
      lines.push(format.replace(/%[sdj]/g, () => String(args[i++])));
    },
  };
}

export async function writeModules(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
}

export async function startService(
  files: Record<string, string>,
  options: Omit<WebhooksPluginOptions, 'modulesDir' | 'logger'> = {},
): Promise<TestService> {
  const dir = await mkdtemp(path.join(tmpdir(), 'webhooks-test-'));
  // Run as root (here and in CI), sandboxed workers read the folder as their own user, as they do
  // in a deployment: the folder must be readable by others, as a modules folder is.
  await chmod(dir, 0o755);
  await writeModules(dir, files);
  const lines: string[] = [];
  const app = Fastify();
  let address: string;
  try {
    await app.register(webhooksPlugin, {
      modulesDir: dir,
      logger: recordingLogger(lines),
      debounceMs: 20,
      ...options,
    });
    address = await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await app.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    base: address,
    dir,
    lines,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function post(
  base: string,
  urlPath: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<Reply> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(base + urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  const reply = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text: reply };
}

/** Sends raw bytes over a socket and returns everything the server answered until it closes or idles. */
export function rawRequest(base: string, head: Buffer, body: Buffer = Buffer.alloc(0)): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => {
      chunks.push(c);
      // One answer is enough: stop once the headers and the announced body are in.
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text);
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(head);
    if (body.length > 0) socket.write(body);
  });
}

/** Polls `check` until it returns true; the deadline only bounds a broken test. */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

/** The `data` of a success answer. */
export function dataOf<T>(reply: Reply): T {
  return (reply.body as { data: T }).data;
}
