import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appleUser } from './apple.js';

const id = `apple_${createHash('sha1').update('sub-1').digest('hex')}`;

describe('appleUser', () => {
  it('takes the name from the first sign-up form field', () => {
    const user = appleUser('sub-1', JSON.stringify({ name: { firstName: 'Ann', lastName: 'Lee' } }));
    expect(user).toEqual({ id, name: 'Ann Lee' });
  });

  it('falls back to noname_ without a usable field', () => {
    for (const field of [null, '', 'not json', '{"name":{}}']) {
      const user = appleUser('sub-1', field);
      expect(user.id).toBe(id);
      expect(user.name).toBe(`noname_${id.slice(6, 14)}`);
      expect(user.picture).toBeUndefined();
    }
  });
});
