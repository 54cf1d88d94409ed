/** The package imported by its name: the public API is there, named exports only. */
import * as auth from '@gatehouse/auth';
import { describe, expect, it } from 'vitest';

describe('@gatehouse/auth exports', () => {
  it('exports the core API by name and has no default export', () => {
    for (const name of [
      'Service',
      'DirectProvider',
      'AuthError',
      'authErrors',
      'getUser',
      'silentLogger',
      'hashId',
      'setAttr',
    ]) {
      expect(auth, name).toHaveProperty(name);
    }
    expect(auth).not.toHaveProperty('default');
  });

  it('a Service without a secretReader is refused at construction', () => {
    expect(() => new auth.Service({} as auth.Opts)).toThrow('@gatehouse/auth: secretReader is required');
  });
});
