/** The README's error table and the errors module must agree (STYLE.md §2). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookErrors } from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

function readmeErrors(): Record<string, { status: number; message: string }> {
  const rows: Record<string, { status: number; message: string }> = {};
  for (const match of readme.matchAll(/^\| `(ERR_[A-Z_]+)` *\| (\d{3}) *\| (.+?) *\|$/gm)) {
    rows[match[1]!] = { status: Number(match[2]), message: match[3]! };
  }
  return rows;
}

describe('README', () => {
  it('lists every error code with its status and message, and no other', () => {
    expect(readmeErrors()).toEqual(webhookErrors);
  });

  it('has the sections a package README needs', () => {
    for (const heading of [
      '## Install',
      '## Example',
      '## Options',
      '## Module rules',
      '## Security',
      '## Errors',
      '## Wire format',
    ]) {
      expect(readme).toContain(`\n${heading}\n`);
    }
  });
});
