import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_ERROR_STATUSES } from '../../src/commands/errors.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README error table of the command API', () => {
  it('lists every code with its status, and nothing else', () => {
    const rows = [...readme.matchAll(/^\|\s*`(ERR_CMD_[A-Z_]+)`\s*\|\s*(\d{3})\s*\|/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    expect(Object.fromEntries(rows)).toEqual(COMMAND_ERROR_STATUSES);
    expect(rows).toHaveLength(Object.keys(COMMAND_ERROR_STATUSES).length);
  });
});
