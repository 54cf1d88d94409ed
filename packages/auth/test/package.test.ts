/**
 * `@gatehouse/auth` as a consumer imports it: by name, through node_modules and the package's
 * exports map to the built dist/ (the other tests reach src/ through vitest's aliases, so only this
 * one can catch a wrong exports map or a stale build).
 */
import type * as Auth from '@gatehouse/auth';
import { expect } from 'vitest';
import { describePackage } from '../../../test-support/packages.js';
import * as source from '../src/index.js';

describePackage<typeof Auth>('@gatehouse/auth', source, {
  title: 'the built Service refuses a missing secretReader at construction',
  run: (auth) => {
    expect(() => new auth.Service({} as Auth.Opts)).toThrow('@gatehouse/auth: secretReader is required');
  },
});
