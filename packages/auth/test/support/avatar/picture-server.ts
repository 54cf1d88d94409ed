/**
 * A real HTTP server on 127.0.0.1 (port 0) that plays the picture host of an identity provider:
 * good images, lies about the content type, huge and endless bodies, a server that never answers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface PictureServer {
  url(path: string): string;
  /** How many requests each path received. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export function sendBytes(type: string, body: Buffer): Route {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  };
}

/** Sends chunks without a Content-Length until the client hangs up. */
export const endlessBody: Route = (_req, res) => {
  res.writeHead(200, { 'content-type': 'image/png' });
  const chunk = Buffer.alloc(64 * 1024, 7);
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) {}
    if (!res.destroyed) res.once('drain', pump);
  };
  res.on('close', () => res.destroy());
  pump();
};

/** Never answers: the client's timeout must end the exchange. */
export const neverAnswers: Route = () => {};

export async function startPictureServer(routes: Record<string, Route>): Promise<PictureServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
