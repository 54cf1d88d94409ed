import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/support/temp.js';
import { CredentialsFile } from './credentials.js';
import { hashPassword, verifyPassword } from './password.js';

const tempDir = useTempDirs();

function freshFile(): CredentialsFile {
  return new CredentialsFile(join(tempDir(), 'users.passwd'));
}

describe('password hashes', () => {
  it('verifies the right password only, with a new salt each time', async () => {
    const first = await hashPassword('open sesame');
    const second = await hashPassword('open sesame');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('open sesame', first)).toBe(true);
    expect(await verifyPassword('open sesame!', first)).toBe(false);
  });

  it.each([
    'plain',
    'scrypt$16384$8$1$salt',
    'bcrypt$16384$8$1$c2FsdA$aGFzaA',
    'scrypt$99999999$8$1$c2FsdA$aGFzaA',
    'scrypt$16384$8$1$c2FsdA$c2hvcnQ',
  ])('treats the malformed entry %j as a mismatch', async (entry) => {
    expect(await verifyPassword('anything', entry)).toBe(false);
  });
});

describe('CredentialsFile', () => {
  it('creates the first user once, mode 0600, and checks it', async () => {
    const file = freshFile();
    const first = await file.createWithFirstUser();
    expect(first?.user).toBe('admin');
    expect(first?.password).toMatch(/^[\w-]{24}$/);
    expect(await file.createWithFirstUser()).toBeUndefined();
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(await file.check('admin', first!.password)).toBe(true);
    expect(await file.check('admin', 'wrong')).toBe(false);
    expect(await file.check('nobody', first!.password)).toBe(false);
  });

  it('adds, replaces and removes users, keeping the file private', async () => {
    const file = freshFile();
    await file.set('alice', 'alice-password', { replace: false });
    await file.set('bob', 'bob-password', { replace: false });
    await expect(file.set('alice', 'other', { replace: false })).rejects.toThrow('user alice already exists');
    await file.set('alice', 'new-password', { replace: true });
    expect(file.names()).toEqual(['alice', 'bob']);
    expect(await file.check('alice', 'alice-password')).toBe(false);
    expect(await file.check('alice', 'new-password')).toBe(true);
    expect(file.remove('bob')).toBe(true);
    expect(file.remove('bob')).toBe(false);
    expect(file.names()).toEqual(['alice']);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(file.path, 'utf8')).not.toContain('new-password');
  });

  it('refuses names that would break the file format', async () => {
    const file = freshFile();
    for (const name of ['', 'a:b', 'with space', 'line\nbreak', 'x'.repeat(65)]) {
      await expect(file.set(name, 'password', { replace: false })).rejects.toThrow(TypeError);
    }
  });

  it('skips comments and malformed lines, and warns when others can read the file', async () => {
    const file = freshFile();
    const hash = await hashPassword('pw-of-carol');
    writeFileSync(file.path, `# comment\n\nno-colon-line\ncarol:${hash}\n`, { mode: 0o644 });
    expect(file.names()).toEqual(['carol']);
    expect(await file.check('carol', 'pw-of-carol')).toBe(true);
    expect(file.warning()).toContain('readable by other users (mode 644)');
  });

  it('has no users and refuses every login when the file does not exist', async () => {
    const file = freshFile();
    expect(file.names()).toEqual([]);
    expect(await file.check('admin', 'x')).toBe(false);
  });
});
