/**
 * An auth hooks module for `gatehouse serve` (`"auth": {"hooks": "./auth-hooks.ts"}`): the block list
 * of SPEC area A in two steps (the claims updater marks a listed user `blocked`, the validator
 * refuses such a token on every guarded request) and a `team` claim for everyone. Loaded by
 * packages/server/test/auth-hooks.test.ts.
 */
import type { AuthHooks } from '@gatehouse/server';

/** User names or ids (e.g. `github_0a1b...`) that may no longer use the service. */
const blocked = new Set(['mallory']);

export const claimsUpdater: AuthHooks['claimsUpdater'] = (claims) => {
  const user = claims.user;
  if (user) {
    user.attrs = { ...user.attrs, team: 'blue', blocked: blocked.has(user.name) || blocked.has(user.id) };
  }
  return claims;
};

export const validator: AuthHooks['validator'] = (_token, claims) => claims.user?.attrs?.blocked !== true;
