/** `gatehouse avatars migrate FROM TO` on real stores: a directory, an LMDB file, FerretDB. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { avatarIdFor, openAvatarStore } from '@gatehouse/auth';
import { MongoClient } from 'mongodb';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeURIFromArg } from '../src/areas/avatars/area.js';
import type { CommandIO } from '../src/cli/command.js';
import { avatarsCommand } from '../src/commands/avatars.js';
import { binPath, buildCli, runCli, type ServingProcess, startServe } from './support/cli.js';

let dir: string;
const mongoDb = `gatehouse_cli_${randomBytes(4).toString('hex')}`;

function mongoURI(): string {
  const url = process.env.MONGODB_TEST_URL;
  if (!url)
    throw new Error('MONGODB_TEST_URL is not set: run `make test-setup` (scripts/setup/20-ferretdb.sh)');
  return `${url.split('?')[0]}?ava_db=${mongoDb}&ava_coll=avatars`;
}

function capture(): { io: CommandIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { stdout: (l) => out.push(l), stderr: (l) => err.push(l), stdin: process.stdin, env: {}, cwd: dir },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-avatars-'));
  const source = await openAvatarStore(`bolt://${dir}/avatars.db`);
  for (let i = 0; i < 5; i++) await source.put(`user${i}`, randomBytes(1000));
  await source.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  const client = await MongoClient.connect(process.env.MONGODB_TEST_URL!);
  await client.db(mongoDb).dropDatabase();
  await client.close();
});

describe('gatehouse avatars migrate', () => {
  it('copies a relative bolt file into a directory, then skips everything on a re-run', async () => {
    const first = capture();
    expect(await avatarsCommand.run(['migrate', 'bolt://avatars.db', './files'], first.io)).toBe(0);
    expect(first.out).toEqual(['copied 5, skipped 0 (already there), failed 0']);
    const again = capture();
    expect(await avatarsCommand.run(['migrate', 'bolt://avatars.db', `${dir}/files`], again.io)).toBe(0);
    expect(again.out).toEqual(['copied 0, skipped 5 (already there), failed 0']);
    const files = await openAvatarStore(`${dir}/files`);
    expect((await files.get(avatarIdFor('user3')))?.length).toBe(1000);
    await files.close();
  });

  it('copies into MongoDB', async () => {
    const run = capture();
    expect(await avatarsCommand.run(['migrate', `file://${dir}/files`, mongoURI()], run.io)).toBe(0);
    expect(run.out).toEqual(['copied 5, skipped 0 (already there), failed 0']);
  });

  it('refuses a bad command line or an unknown store scheme with a usage error', async () => {
    await expect(avatarsCommand.run(['copy', 'a', 'b'], capture().io)).rejects.toThrow(
      /expected "migrate FROM TO"/,
    );
    await expect(avatarsCommand.run(['migrate', 'a'], capture().io)).rejects.toThrow(
      /expected "migrate FROM TO"/,
    );
    await expect(avatarsCommand.run(['migrate', 'redis://x', './files'], capture().io)).rejects.toThrow(
      /source store redis:\/\/x: unknown avatar store URI/,
    );
  });

  it('refuses a source store that does not exist (exit 2) and creates nothing', async () => {
    buildCli();
    const missing = join(dir, 'nonexist');
    const bolt = await runCli(['avatars', 'migrate', `bolt://${missing}/avatars.db`, `${dir}/x`], {
      cwd: dir,
    });
    expect(bolt.code).toBe(2);
    expect(bolt.stderr).toContain(`source store bolt://${missing}/avatars.db: avatar store file`);
    expect(bolt.stderr).toContain('does not exist');
    expect(bolt.stdout).toBe('');
    const files = await runCli(['avatars', 'migrate', `file://${missing}`, `${dir}/x`], { cwd: dir });
    expect(files.code).toBe(2);
    expect(files.stderr).toContain(`avatar store directory ${missing} does not exist`);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(`${dir}/x`)).toBe(false);
  });

  it('prints its usage with --help', async () => {
    const run = capture();
    expect(await avatarsCommand.run(['--help'], run.io)).toBe(0);
    expect(run.out.join('\n')).toContain('gatehouse avatars migrate FROM TO');
  });
});

describe('storeURIFromArg', () => {
  it('makes relative paths absolute and leaves other URIs alone', () => {
    expect(storeURIFromArg('bolt://a/b.db', '/srv')).toBe('bolt:///srv/a/b.db');
    expect(storeURIFromArg('bolt:///abs.db', '/srv')).toBe('bolt:///abs.db');
    expect(storeURIFromArg('file://x', '/srv')).toBe('file:///srv/x');
    expect(storeURIFromArg('dir', '/srv')).toBe('/srv/dir');
    expect(storeURIFromArg('mongodb://h/db', '/srv')).toBe('mongodb://h/db');
  });
});

describe('gatehouse serve with avatars', () => {
  let serving: ServingProcess | undefined;
  beforeAll(() => buildCli());
  afterEach(async () => {
    await serving?.stop();
    serving = undefined;
  });

  async function loginFirstUser(service: ServingProcess): Promise<{ picture: string }> {
    const [, user, password] = /user "([^"]+)" password "([^"]+)"/.exec(service.log())!;
    const res = await fetch(`${service.url}/auth/local/login`, {
      method: 'POST',
      body: new URLSearchParams({ user: user!, passwd: password! }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { picture: string };
  }

  it('keeps avatars in bolt://<data-dir>/avatars.db by default and serves them', async () => {
    serving = await startServe(['--port', '0', '--data-dir', 'data-default'], { cwd: dir });
    expect(serving.log()).toContain(
      `avatars: store bolt://${dir}/data-default/avatars.db, route /avatar/<id>.image`,
    );
    const { picture } = await loginFirstUser(serving);
    expect(picture).toMatch(/\/avatar\/[a-f0-9]{40}\.image$/);
    const image = await fetch(`${serving.url}${new URL(picture).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('etag')).toMatch(/^"[a-f0-9]{64}"$/);
  });

  it('takes the store from --avatar-store', async () => {
    serving = await startServe(
      ['--port', '0', '--data-dir', 'data-flag', '--avatar-store', 'file://flag-avatars'],
      { cwd: dir },
    );
    expect(serving.log()).toContain(`avatars: store file://${dir}/flag-avatars`);
    const { picture } = await loginFirstUser(serving);
    const id = new URL(picture).pathname.split('/').pop()!;
    const files = await openAvatarStore(`${dir}/flag-avatars`);
    expect((await files.get(id))?.subarray(1, 4).toString()).toBe('PNG');
    await files.close();
  });

  it('takes route path and resize limit from the config file', async () => {
    const cwd = join(dir, 'with-config');
    await mkdir(cwd);
    const config = { avatars: { routePath: '/pics', resizeLimit: 64 } };
    await writeFile(join(cwd, 'gatehouse.config.json'), JSON.stringify(config));
    serving = await startServe(['--port', '0'], { cwd });
    const { picture } = await loginFirstUser(serving);
    expect(new URL(picture).pathname).toMatch(/^\/pics\/[a-f0-9]{40}\.image$/);
    const image = await fetch(`${serving.url}${new URL(picture).pathname}`);
    const size = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([size.width, size.height]).toEqual([64, 64]);
  });

  it('shows a progress bar when migrating on a terminal (under script(1), a real pty)', async () => {
    const command = `${process.execPath} ${binPath} avatars migrate bolt://avatars.db ./tty-copy`;
    const result = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: dir, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('avatars [');
    expect(result.stdout).toContain('5/5 100%');
    expect(result.stdout).toContain('copied 5, skipped 0 (already there), failed 0');
  });

  it('refuses an unknown store scheme at start with exit code 2', async () => {
    const result = await runCli(['serve', '--port', '0', '--avatar-store', 'ftp://x/y'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'expected bolt://FILE, file:///DIR, a directory path, or mongodb://HOST:PORT/DB',
    );
  });
});
