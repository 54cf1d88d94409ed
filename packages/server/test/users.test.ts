/** `gatehouse users` as a real process against a real credentials file. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CredentialsFile } from '../src/data/credentials.js';
import { buildCli, runCli } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();

beforeAll(() => {
  buildCli();
});

describe('gatehouse users', () => {
  it('adds a user with a generated password printed on stdout, lists and removes it', async () => {
    const cwd = tempDir();
    const added = await runCli(['users', 'add', 'bob', '--data-dir', 'state'], { cwd });
    expect(added.code).toBe(0);
    const password = added.stdout.trim();
    expect(password).toMatch(/^[\w-]{24}$/);
    const file = new CredentialsFile(join(cwd, 'state', 'users.passwd'));
    expect(await file.check('bob', password)).toBe(true);

    const listed = await runCli(['users', 'list', '--data-dir', 'state'], { cwd });
    expect(listed.stdout).toBe('bob\n');
    const removed = await runCli(['users', 'remove', 'bob', '--data-dir', 'state'], { cwd });
    expect(removed.code).toBe(0);
    expect(file.names()).toEqual([]);
  });

  it('refuses to overwrite an existing user unless --replace is given', async () => {
    const cwd = tempDir();
    expect(
      (await runCli(['users', 'add', 'eve', '--password-stdin'], { cwd, input: 'first-password\n' })).code,
    ).toBe(0);
    const again = await runCli(['users', 'add', 'eve', '--password-stdin'], {
      cwd,
      input: 'second-password\n',
    });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('user eve already exists');
    expect(again.stderr).toContain('use --replace');
    const replaced = await runCli(['users', 'add', 'eve', '--password-stdin', '--replace'], {
      cwd,
      input: 'second-password\n',
    });
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toBe('');
    const file = new CredentialsFile(join(cwd, '.data', 'gatehouse', 'users.passwd'));
    expect(await file.check('eve', 'second-password')).toBe(true);
    expect(readFileSync(file.path, 'utf8')).not.toContain('second-password');
  });

  it.each([
    [['users', 'add', 'a:b'], 'gatehouse users: invalid user name "a:b"'],
    [['users', 'add'], 'gatehouse users: expected "add NAME", "remove NAME", "revoke NAME" or "list"'],
    [
      ['users', 'rename', 'x'],
      'gatehouse users: expected "add NAME", "remove NAME", "revoke NAME" or "list"',
    ],
    [['users', 'remove', 'ghost'], 'gatehouse users: no user ghost in'],
  ])('%j exits 2', async (args, message) => {
    const result = await runCli(args, { cwd: tempDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('refuses a password from stdin shorter than 8 characters', async () => {
    const result = await runCli(['users', 'add', 'tim', '--password-stdin'], {
      cwd: tempDir(),
      input: 'short\n',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('at least 8 characters');
  });
});
