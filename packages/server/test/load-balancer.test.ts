/**
 * The README's deployment of several instances: Debian's nginx with the README's upstream block in
 * front of two `gatehouse serve` processes that share one PostgreSQL, one signing secret, one
 * credentials file and one avatar folder. A login through nginx gives a session both instances
 * answer; PuppetDB commands posted to each instance are applied once and read through nginx;
 * with one instance stopped the other carries on, and a logout through nginx ends the session.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/ports.js';
import { firstPassword, type ServingProcess, useServe } from './support/cli.js';
import { useTestSchemas } from './support/pg-schema.js';
import { useProxies } from './support/proxies.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const schema = useTestSchemas();
const proxies = useProxies(tempDir);
const SITE = '/etc/nginx/sites-enabled/gate.example.com';

/** The instance configuration of the README's section on several instances. */
function readmeInstanceConfig(): {
  server: Record<string, unknown>;
  resources: Record<string, unknown>;
  auth: { direct: Record<string, unknown> };
  avatars: Record<string, unknown>;
} {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Several instances behind a load balancer'));
  return JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
}

const web1 = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../examples/catalogs/web1.example.com.json', import.meta.url)),
    'utf8',
  ),
) as Record<string, unknown>;

/** Requests each instance answered, from its request log (`--verbose`). */
function served(instance: ServingProcess, path: string): number {
  return instance
    .stderr()
    .split('\n')
    .filter((line) => line.includes(`"url":"${path}"`)).length;
}

async function submit(instance: ServingProcess, certname: string): Promise<void> {
  const res = await fetch(
    `${instance.url}/pdb/cmd/v1?command=replace_catalog&version=9&certname=${certname}&secondsToWaitForCompletion=60`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...web1, certname, producer_timestamp: new Date().toISOString() }),
    },
  );
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ processed: true });
}

describe('two instances behind the README’s nginx upstream', () => {
  it('share logins and commands, and one carries on when the other stops', { timeout: 120_000 }, async () => {
    const { url: database } = await schema();
    const shared = tempDir();
    const port = await freePort();
    const gate = `http://127.0.0.1:${port}`;
    const env = { GATEHOUSE_SECRET: randomBytes(32).toString('base64url') };
    // The README's configuration, with this test's addresses and folders.
    const config = readmeInstanceConfig();
    config.server.url = gate;
    config.resources.database = database;
    config.auth.direct.credentialsFile = join(shared, 'users.passwd');
    config.avatars.store = `file://${join(shared, 'avatars')}`;
    expect(config.server.trustProxy).toEqual(['127.0.0.1']);
    const start = () => {
      const cwd = tempDir();
      writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(config));
      return serve(cwd, ['--verbose'], env);
    };
    // The first creates the shared credentials file (and prints its password); the second reads it.
    const a = await start();
    const b = await start();
    await proxies.nginxSite(
      SITE,
      { '127.0.0.1:8081': new URL(a.url).host, '127.0.0.1:8082': new URL(b.url).host },
      port,
    );

    const login = await fetch(`${gate}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', passwd: firstPassword(a) }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
    const session = { cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
    for (let i = 0; i < 4; i += 1) {
      const user = await fetch(`${gate}/auth/user`, { headers: session });
      expect(user.status).toBe(200);
      expect(await user.json()).toMatchObject({ name: 'admin' });
    }
    expect([served(a, '/auth/user'), served(b, '/auth/user')]).toEqual([2, 2]);

    // Puppet posts to an instance directly (from this machine); each command is applied once.
    await Promise.all([submit(a, 'lb1.example.com'), submit(b, 'lb2.example.com')]);
    const nodes = await fetch(`${gate}/pdb/query/v4/nodes`, { headers: session });
    expect(nodes.status).toBe(200);
    const names = ((await nodes.json()) as { certname: string }[]).map((n) => n.certname).sort();
    expect(names).toEqual(['lb1.example.com', 'lb2.example.com']);
    // Through nginx a request is never this machine's: commands are refused there by default.
    const relayed = await fetch(`${gate}/pdb/cmd/v1?command=replace_catalog&version=9&certname=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(relayed.status).toBe(403);

    expect(await a.stop('SIGTERM')).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${gate}/auth/user`, { headers: session })).status).toBe(200);
    }
    const logout = await fetch(`${gate}/auth/logout`, { headers: session });
    expect(logout.status).toBe(200);
    expect((await fetch(`${gate}/auth/user`, { headers: session })).status).toBe(401);
  });
});
