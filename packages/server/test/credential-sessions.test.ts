/**
 * The credentials file behind a `kind: local` OAuth 2.0 server, on a real `gatehouse serve`:
 * `gatehouse users revoke NAME` ends the sessions made through it as well as the direct
 * provider's, and a 10 MB form to the local server is refused 413 while the server keeps serving.
 */
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { fromRemote, logIn } from './support/app.js';
import { runCli, useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();

/** A service with the `corp` local server on the credentials file, and `kim` in that file. */
async function startWithCorp() {
  const cwd = tempDir();
  writeFileSync(
    `${cwd}/gatehouse.config.json`,
    JSON.stringify({
      auth: { providers: [{ kind: 'local', name: 'corp', url: 'http://127.0.0.1:0', withLoginPage: true }] },
    }),
  );
  const add = await runCli(['users', 'add', 'kim', '--password-stdin'], { cwd, input: 'kim-password\n' });
  expect(add.code).toBe(0);
  const service = await serve(cwd);
  return { cwd, service, port: new URL(service.url).port };
}

/** Logs `kim` in through the corp server's page; returns the service's JWT and the authorize URL. */
async function logInThroughCorp(url: string): Promise<{ jwt: string; authorize: string }> {
  const login = await fetch(`${url}/auth/corp/login?site=corp`, { redirect: 'manual' });
  const handshake = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const authorize = login.headers.get('location')!;
  const accepted = await fetch(authorize, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'kim', password: 'kim-password' }),
    redirect: 'manual',
  });
  expect(accepted.status).toBe(302);
  const back = new URL(accepted.headers.get('location')!);
  const done = await fetch(`${url}${back.pathname}${back.search}`, { headers: { cookie: handshake } });
  expect(done.status).toBe(200);
  const jwt = done.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('JWT='))!
    .split(';')[0]!
    .slice('JWT='.length);
  return { jwt, authorize };
}

/** POSTs `size` bytes of form to `url`, declared or chunked; resolves with the answer. */
function postHugeForm(
  url: string,
  size: number,
  declared: boolean,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(declared && { 'content-length': String(size) }),
        },
      },
      (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        // 'close', not 'end': the server hangs up on the unread rest, which may cut the answer's end.
        answer.on('close', () => resolve({ status: answer.statusCode ?? 0, body }));
      },
    );
    // The server may close while the body is still being written: the answer is what counts.
    outgoing.on('error', (error) => setTimeout(() => reject(error), 2000));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let left = size;
    const writeMore = () => {
      while (left > 0 && !outgoing.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, left));
        left -= part.length;
        if (!outgoing.write(part)) {
          outgoing.once('drain', writeMore);
          return;
        }
      }
      if (!outgoing.destroyed) outgoing.end();
    };
    writeMore();
  });
}

describe('a credentials file behind a kind: local provider', () => {
  it('gatehouse users revoke ends the sessions made through it and through the direct provider', {
    timeout: 120_000,
  }, async () => {
    const { cwd, service, port } = await startWithCorp();
    const corp = await logInThroughCorp(service.url);
    const direct = await logIn(service.url, 'kim', 'kim-password');
    const query = `${service.url}/pdb/query/v4/resources`;
    const asKim = (jwt: string) => fetch(query, { headers: { ...fromRemote, 'x-jwt': jwt } });
    expect((await asKim(corp.jwt)).status).toBe(200);
    expect((await asKim(direct.jwt)).status).toBe(200);
    const revoke = await runCli(['users', 'revoke', 'kim', '--port', port], { cwd });
    expect(revoke.code).toBe(0);
    expect(revoke.stderr).toMatch(/^revoked every session of kim \(user ids local_\w+, corp_\w+\)/);
    expect((await asKim(corp.jwt)).status).toBe(401);
    expect((await asKim(direct.jwt)).status).toBe(401);
  });

  it('answers a 10 MB form to the local server 413, and goes on serving', { timeout: 120_000 }, async () => {
    const { service } = await startWithCorp();
    const { authorize } = await logInThroughCorp(service.url);
    for (const declared of [true, false]) {
      const refused = await postHugeForm(authorize, 10 * 1024 * 1024, declared);
      expect([refused.status, refused.body.trim()]).toEqual([413, 'form body larger than 65536 bytes']);
    }
    expect((await logInThroughCorp(service.url)).jwt).not.toBe('');
    expect(service.log()).not.toContain('local oauth2 server: Error');
  });
});
