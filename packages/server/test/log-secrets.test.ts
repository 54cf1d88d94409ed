/**
 * No log line carries a secret: a tour of every area against `gatehouse serve --verbose
 * --log-level trace` (the real process, every record the libraries and Fastify can write), with
 * passwords in a GET login, tokens in cookies, headers and the query, basic auth, a webhook secret
 * and a signed webhook; then the whole log is searched for every secret value used.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CredentialsFile } from '../src/data/credentials.js';
import { cookiesOf, deactivateCommand } from './support/app.js';
import { useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

describe('the log of a tour of every area', () => {
  it('holds no password, token, cookie, webhook secret, signature or Authorization value', async () => {
    const cwd = tempDir();
    const password = 'tour-password-Q7mZ2x';
    const wrongPassword = 'wrong-password-K4vB9w';
    const adminPasswd = 'admin-basic-password-R8nT3c';
    const webhookSecret = 'webhook-secret-H5pL6y';
    const githubSecret = 'github-secret-D2jW8s';
    const slackSecret = 'slack-secret-Q7mZ3v';
    mkdirSync(join(cwd, '.data', 'gatehouse'), { recursive: true, mode: 0o700 });
    await new CredentialsFile(join(cwd, '.data', 'gatehouse', 'users.passwd')).set('admin', password, {
      replace: false,
    });
    const service = await serve(
      cwd,
      ['--verbose', '--log-level', 'trace', '--modules', join(examples, 'webhooks')],
      {
        GATEHOUSE_ADMIN_PASSWD: adminPasswd,
        SERVICE_WEBHOOK_SECRET: webhookSecret,
        GITHUB_WEBHOOK_SECRET: githubSecret,
        SLACK_SIGNING_SECRET: slackSecret,
      },
    );
    const { url } = service;
    const secrets: Record<string, string> = {
      password,
      wrongPassword,
      adminPasswd,
      webhookSecret,
      githubSecret,
      slackSecret,
    };

    // auth: a GET login with the password in the query, a POST login, every way of carrying the token
    const getLogin = await fetch(`${url}/auth/local/login?user=admin&passwd=${password}`);
    expect(getLogin.status).toBe(200);
    // The same field spelled with escapes: the server decodes the name, and so must the redaction.
    expect((await fetch(`${url}/auth/local/login?user=admin&p%61sswd=${password}`)).status).toBe(200);
    expect((await fetch(`${url}/auth/local/login?user=admin&%2570asswd=${password}`)).status).toBe(400);
    const login = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', passwd: password }),
    });
    const { jwt, xsrf } = cookiesOf(login);
    Object.assign(secrets, { jwt, xsrf, firstJwt: cookiesOf(getLogin).jwt });
    const cookie = `JWT=${jwt}; XSRF-TOKEN=${xsrf}`;
    expect((await fetch(`${url}/auth/user`, { headers: { cookie, 'x-xsrf-token': xsrf } })).status).toBe(200);
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-jwt': jwt } })).status).toBe(200);
    expect((await fetch(`${url}/auth/user?token=${jwt}`)).status).toBe(200);
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-jwt': `${jwt}x` } })).status).toBe(401);
    expect((await fetch(`${url}/auth/local/login?user=admin&passwd=${wrongPassword}`)).status).toBe(403);
    const picture = ((await (await fetch(`${url}/auth/user?token=${jwt}`)).json()) as { picture: string })
      .picture;
    expect((await fetch(picture)).status).toBe(200);

    // admin routes with basic auth
    const authorization = `Basic ${Buffer.from(`admin:${adminPasswd}`).toString('base64')}`;
    secrets.authorization = authorization.slice(6);
    expect((await fetch(`${url}/admin/access`, { headers: { authorization } })).status).toBe(200);

    // resources: a command, a query with the token in a header
    const command = await fetch(`${url}/pdb/cmd/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deactivateCommand,
    });
    expect(command.status).toBe(200);
    expect((await fetch(`${url}/pdb/query/v4/resources`, { headers: { 'x-jwt': jwt } })).status).toBe(200);

    // webhooks: the shared secret, and a GitHub signature over the raw body
    const hello = await fetch(`${url}/webhook/hello/handleHello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': webhookSecret },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(hello.status).toBe(200);
    const body = JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'o/r' }, commits: [] });
    const signature = `sha256=${createHmac('sha256', githubSecret).update(body).digest('hex')}`;
    secrets.signature = signature.slice(7);
    const push = await fetch(`${url}/webhook/github/push`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-secret': webhookSecret,
        'x-hub-signature-256': signature,
        'x-github-delivery': 'tour-1',
      },
      body,
    });
    expect(push.status).toBe(200);
    const badSignature = await fetch(`${url}/webhook/github/push?secret=${webhookSecret}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-secret': webhookSecret,
        'x-hub-signature-256': 'sha256=00',
      },
      body,
    });
    expect(badSignature.status).toBe(401);

    // operations: readiness and metrics (whose labels name routes, never a path a client sent)
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    for (const [name, value] of Object.entries(secrets)) {
      expect(metrics.includes(value), `${name} appears in /metrics`).toBe(false);
    }

    // logout, then the ended session
    expect((await fetch(`${url}/auth/logout`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-jwt': jwt } })).status).toBe(401);

    expect(await service.stop()).toBe(0);
    const log = service.stderr();
    expect(log).toMatch(/"url":"\/auth\/local\/login\?user=admin&passwd=\*\*\*"/); // the request log ran
    expect(log).toMatch(/"level":20,.*"msg":"token refused/); // and the libraries' DEBUG lines
    for (const line of log.trim().split('\n')) expect(() => JSON.parse(line), line).not.toThrow();
    for (const [name, value] of Object.entries(secrets)) {
      expect(log.includes(value), `${name} appears in the log`).toBe(false);
    }
    expect(readFileSync(join(cwd, '.data', 'gatehouse', 'users.passwd'), 'utf8')).not.toContain(password);
  }, 60_000);
});
