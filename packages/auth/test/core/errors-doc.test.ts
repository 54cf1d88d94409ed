/** The README's error table and src/errors.ts must agree, code for code. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AuthError, authErrors } from '../../src/index.js';

function readmeTable(): Record<string, { status: number; message: string }> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('\n## Errors\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const rows: Record<string, { status: number; message: string }> = {};
  for (const match of section.matchAll(/^\|\s*`(ERR_[A-Z_]+)`\s*\|\s*(\d{3})\s*\|\s*(.+?)\s*\|$/gm)) {
    rows[match[1]!] = { status: Number(match[2]), message: match[3]! };
  }
  return rows;
}

describe('errors', () => {
  it('README error table lists exactly the codes of src/errors.ts, with the same status and message', () => {
    expect(readmeTable()).toEqual(authErrors);
  });

  it('AuthError carries the code, status and fixed message', () => {
    const error = new AuthError('ERR_XSRF_MISMATCH');
    expect([error.code, error.status, error.message, error.name]).toEqual([
      'ERR_XSRF_MISMATCH',
      401,
      'xsrf mismatch',
      'AuthError',
    ]);
  });
});
