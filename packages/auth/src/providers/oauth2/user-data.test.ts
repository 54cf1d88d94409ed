import { describe, expect, it } from 'vitest';
import { AuthError } from '../../errors.js';
import { UserData } from './user-data.js';

describe('UserData', () => {
  const d = new UserData({ id: 42, ok: true, nested: { deep: { name: 'Ann' } }, list: [1], nil: null });

  it('reads nested paths as strings', () => {
    expect(d.value('id')).toBe('42');
    expect(d.value('ok')).toBe('true');
    expect(d.value('nested.deep.name')).toBe('Ann');
  });

  it('gives an empty string for missing, null, objects and arrays', () => {
    expect(d.value('missing')).toBe('');
    expect(d.value('nil')).toBe('');
    expect(d.value('nested')).toBe('');
    expect(d.value('list')).toBe('');
    expect(d.value('id.below')).toBe('');
  });

  it('refuses an answer without id as a bad provider response', () => {
    expect(d.requireId('id')).toBe('42');
    const err = (() => {
      try {
        d.requireId('nil');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).code).toBe('ERR_PROVIDER_BAD_RESPONSE');
  });
});
