/**
 * A GitHub stand-in on 127.0.0.1 (real HTTP) for the service's provider tests: an authorize
 * endpoint that sends the browser straight back with a one-time code, a token endpoint that checks
 * the client and the code, and a user endpoint answering GitHub's `/user` shape for the token.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithub {
  url: string;
  close(): Promise<void>;
}

export async function startFakeGithub(
  client: { id: string; secret: string },
  user: { id: number; login: string; name: string },
): Promise<FakeGithub> {
  const codes = new Set<string>();
  const tokens = new Set<string>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (url.pathname === '/login/oauth/authorize') {
      const code = randomBytes(8).toString('hex');
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/login/oauth/access_token') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const ok =
        form.get('client_id') === client.id &&
        form.get('client_secret') === client.secret &&
        codes.delete(form.get('code') ?? '');
      if (!ok) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad_verification_code"}');
        return;
      }
      const token = randomBytes(8).toString('hex');
      tokens.add(token);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: token, token_type: 'bearer' }));
      return;
    }
    if (
      url.pathname === '/api/v3/user' &&
      tokens.has((req.headers.authorization ?? '').replace(/^Bearer /i, ''))
    ) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(user));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
