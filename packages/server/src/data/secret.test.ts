import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/support/temp.js';
import { loadOrCreateSecret } from './secret.js';

const tempDir = useTempDirs();

function secretPath(): string {
  return join(tempDir(), 'secret');
}

describe('loadOrCreateSecret', () => {
  it('generates 32 random bytes once, mode 0600, and returns the same secret afterwards', () => {
    const path = secretPath();
    const first = loadOrCreateSecret(path);
    expect(first.created).toBe(true);
    expect(Buffer.from(first.secret, 'base64url')).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(first.warning).toBeUndefined();
    const again = loadOrCreateSecret(path);
    expect(again).toEqual({ ...first, created: false });
    expect(readFileSync(path, 'utf8').trim()).toBe(first.secret);
  });

  it('gives different secrets to different data folders', () => {
    expect(loadOrCreateSecret(secretPath()).secret).not.toBe(loadOrCreateSecret(secretPath()).secret);
  });

  it('refuses a truncated secret file instead of signing with it', () => {
    const path = secretPath();
    writeFileSync(path, 'short\n', { mode: 0o600 });
    expect(() => loadOrCreateSecret(path)).toThrow(/shorter than 32 characters; delete the file/);
  });

  it('warns when the secret file is readable by others', () => {
    const path = secretPath();
    loadOrCreateSecret(path);
    chmodSync(path, 0o640);
    expect(loadOrCreateSecret(path).warning).toBe(
      `${path} is readable by other users (mode 640); run: chmod 600 ${path}`,
    );
  });
});
