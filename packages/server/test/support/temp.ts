/** A fresh temporary directory per test, removed afterwards. */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * A new temporary directory that other users may enter: sandboxed webhook workers read a modules
 * folder in it as their own user (`webhooks.isolation: "sandbox"`).
 */
export function makeTempDir(prefix = 'gatehouse-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export function useTempDirs(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = makeTempDir();
    made.push(dir);
    return dir;
  };
}
