/**
 * @module data/private-file
 * Files only the service's user may read (mode 0600): created exclusively so that two instances
 * starting at once never overwrite each other's secret, and replaced atomically so that a reader
 * never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, statSync, writeFileSync } from 'node:fs';

/** Creates `path` with `content` and mode 0600; returns false (and writes nothing) if it exists. */
export function createPrivateFile(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Replaces `path` with `content` (mode 0600) through a temporary file and a rename. */
export function replacePrivateFile(path: string, content: string): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, path);
}

/** A warning when group or others may read `path`, else `undefined`. */
export function exposureWarning(path: string): string | undefined {
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  return `${path} is readable by other users (mode ${mode.toString(8)}); run: chmod 600 ${path}`;
}
