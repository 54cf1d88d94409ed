/** Access rules per route group, over real HTTP on 127.0.0.1: defaults, each rule, refusal formats. */
import { Service } from '@gatehouse/auth';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Access } from '../src/access/access.js';
import { groupNames, routeGroups } from '../src/access/groups.js';
import { isLoopbackAddress } from '../src/access/loopback.js';
import { loadConfig } from '../src/config/load.js';
import { deactivateCommand, fromRemote, logIn, useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

function postCommand(url: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/pdb/cmd/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: deactivateCommand,
  });
}

describe('default rules', () => {
  it('accepts commands from loopback clients only, refusing others in PuppetDB text', async () => {
    const { url } = await start();
    expect((await postCommand(url)).status).toBe(200);
    const refused = await postCommand(url, fromRemote);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await refused.text()).toBe('access denied: not a loopback client');
  });

  it('refuses a command even from a logged-in user on the network', async () => {
    const { url, password } = await start();
    const { jwt } = await logIn(url, 'admin', password);
    expect((await postCommand(url, { ...fromRemote, 'x-jwt': jwt })).status).toBe(403);
  });

  it('answers queries to loopback clients and to logged-in users, 401 to anonymous ones', async () => {
    const { url, password } = await start();
    const query = `${url}/pdb/query/v4/resources`;
    expect((await fetch(query)).status).toBe(200);
    const anonymous = await fetch(query, { headers: fromRemote });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await anonymous.text()).toBe('not authorized');
    const { jwt, cookie, xsrf } = await logIn(url, 'admin', password);
    expect((await fetch(query, { headers: { ...fromRemote, 'x-jwt': jwt } })).status).toBe(200);
    expect((await fetch(query, { headers: { ...fromRemote, cookie, 'x-xsrf-token': xsrf } })).status).toBe(
      200,
    );
    const noXsrf = await fetch(query, { headers: { ...fromRemote, cookie } });
    expect([noXsrf.status, await noXsrf.text()]).toEqual([401, 'xsrf mismatch']);
  });

  it('keeps /ping, the meta routes, the login routes and avatars public', async () => {
    const { url } = await start();
    for (const path of [
      '/ping',
      '/pdb/meta/v1/version',
      '/status/v1/services/puppetdb-status',
      '/auth/list',
    ]) {
      expect((await fetch(`${url}${path}`, { headers: fromRemote })).status, path).toBe(200);
    }
    const avatar = await fetch(`${url}/avatar/${'0'.repeat(40)}.image`, { headers: fromRemote });
    expect([401, 403]).not.toContain(avatar.status);
  });

  it('opens the admin routes to loopback clients and admins, in JSON', async () => {
    const { url, password, data } = await start();
    await data.credentials!.set('alice', 'alice-password', { replace: false });
    expect((await fetch(`${url}/admin/access`)).status).toBe(200);
    const anonymous = await fetch(`${url}/admin/access`, { headers: fromRemote });
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: 'not authorized' }]);
    const alice = await logIn(url, 'alice', 'alice-password');
    const notAdmin = await fetch(`${url}/admin/access`, { headers: { ...fromRemote, 'x-jwt': alice.jwt } });
    expect([notAdmin.status, await notAdmin.json()]).toEqual([
      403,
      { error: 'access denied: not a loopback client; not an admin' },
    ]);
    const admin = await logIn(url, 'admin', password);
    const allowed = await fetch(`${url}/admin/access`, { headers: { ...fromRemote, 'x-jwt': admin.jwt } });
    expect(allowed.status).toBe(200);
    const rules = (await allowed.json()) as Record<string, { rule: unknown }>;
    expect(rules.commands!.rule).toEqual(['loopback']);
    expect(rules.queries!.rule).toEqual(['loopback', 'authenticated']);
  });

  it('accepts the admin basic auth of GATEHOUSE_ADMIN_PASSWD for the admin rule', async () => {
    const { url } = await start({}, { GATEHOUSE_ADMIN_PASSWD: 'a long admin password' });
    const basic = `Basic ${Buffer.from('admin:a long admin password').toString('base64')}`;
    const response = await fetch(`${url}/admin/access`, { headers: { ...fromRemote, authorization: basic } });
    expect(response.status).toBe(200);
  });
});

describe('configured rules', () => {
  it('opens a group to everyone when the config says "public"', async () => {
    const { url } = await start({ access: { queries: 'public' } });
    expect((await fetch(`${url}/pdb/query/v4/resources`, { headers: fromRemote })).status).toBe(200);
  });

  it('lets users with one of the roles in, 403 for other users', async () => {
    const { url, data } = await start({ access: { queries: { roles: ['Reader'] } } });
    const tokens = new Service({ secretReader: () => data.secret, url });
    const tokenFor = async (role: string) =>
      (
        await tokens.tokens.issue({
          user: { name: role, id: `local_${role}`, role },
          auth_provider: { name: 'local' },
        })
      ).token;
    const query = `${url}/pdb/query/v4/resources`;
    expect((await fetch(query, { headers: { 'x-jwt': await tokenFor('reader') } })).status).toBe(200);
    const other = await fetch(query, { headers: { 'x-jwt': await tokenFor('writer') } });
    expect([other.status, await other.text()]).toEqual([403, 'access denied: no role of Reader']);
  });

  it('checks basic auth against the credentials file, with a challenge on refusal', async () => {
    const { url, data } = await start({ access: { commands: 'basic' } });
    await data.credentials!.set('puppet', 'puppet-password', { replace: false });
    const basic = (user: string, pw: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`,
    });
    expect((await postCommand(url, { ...fromRemote, ...basic('puppet', 'puppet-password') })).status).toBe(
      200,
    );
    const wrong = await postCommand(url, { ...fromRemote, ...basic('puppet', 'nope') });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic realm="gatehouse"/);
    // not even the loopback client gets in now: the rule names only basic auth
    expect((await postCommand(url)).status).toBe(401);
  });

  it('composes rules with "any of"', async () => {
    const { url, password } = await start({ access: { commands: ['loopback', 'admin'] } });
    const { jwt } = await logIn(url, 'admin', password);
    expect((await postCommand(url)).status).toBe(200);
    expect((await postCommand(url, { ...fromRemote, 'x-jwt': jwt })).status).toBe(200);
    expect((await postCommand(url, fromRemote)).status).toBe(401);
  });

  it('makes the users named in access.admins admins', async () => {
    const { url, data } = await start({ access: { admins: ['alice'] } });
    await data.credentials!.set('alice', 'alice-password', { replace: false });
    const { jwt } = await logIn(url, 'alice', 'alice-password');
    const response = await fetch(`${url}/admin/access`, { headers: { ...fromRemote, 'x-jwt': jwt } });
    expect(response.status).toBe(200);
  });
});

describe('start-up checks', () => {
  function check(file: Record<string, unknown>) {
    const cwd = tempDir();
    return () => loadConfig({ cwd, env: {}, flags: [{ key: 'access', value: file, source: 'test' }] });
  }

  it('refuses a public writing group on a network address, naming the group and the key that allows it', () => {
    const cwd = tempDir();
    const load = (access: Record<string, unknown>) =>
      loadConfig({
        cwd,
        env: {},
        flags: [
          { key: 'server.host', value: '0.0.0.0', source: '--host' },
          { key: 'access', value: access, source: 'test' },
        ],
      });
    expect(() => load({ commands: 'public' })).toThrow(
      /access\.commands.*"public" lets anyone who reaches 0\.0\.0\.0 use the commands routes.*add "commands" to access\.allowPublicWrites/,
    );
    expect(() => load({ commands: 'public', allowPublicWrites: ['commands'] })).not.toThrow();
    expect(() => load({ queries: 'public' })).not.toThrow(); // reading is not writing
  });

  it('allows a public writing group on loopback', () => {
    expect(check({ commands: 'public' })).not.toThrow();
  });

  it('names the key of a malformed rule', () => {
    expect(check({ queries: 'everyone' })).toThrow(/access\.queries.*expected "public", "loopback"/);
    expect(check({ queries: { roles: [] } })).toThrow(/access\.queries/);
  });

  it('refuses certificate rules without client certificates', () => {
    expect(check({ commands: { certificates: ['puppet.example.com'] } })).toThrow(
      /access\.commands.*a certificate rule needs HTTPS with client certificates/,
    );
  });

  it('refuses to build an app with a route in no group', async () => {
    const { config } = loadConfig({ cwd: tempDir(), env: {} });
    const access = new Access({
      config,
      auth: new Service({ secretReader: () => 'x'.repeat(32) }),
      passwordCheck: undefined,
    });
    const app = Fastify();
    access.install(app);
    expect(() => app.get('/unclassified', async () => 'x')).toThrow(
      /route GET \/unclassified belongs to no access group/,
    );
    await app.close();
  });

  it('gives every route of the service a group, and no path two groups', () => {
    const { config } = loadConfig({ cwd: tempDir(), env: {} });
    const patterns = groupNames.flatMap((name) => routeGroups[name].routes(config));
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('loopback', () => {
  it('knows the loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '203.0.113.7', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});
