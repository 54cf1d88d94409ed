/** A fresh temporary directory per test, removed afterwards. */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

export function useTempDirs(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
    chmodSync(dir, 0o755); // sandboxed webhook workers read a modules folder in it as their own user
    made.push(dir);
    return dir;
  };
}
