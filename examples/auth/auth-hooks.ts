/**
 * An auth hooks module for `gatehouse serve` (`"auth": {"hooks": "./auth-hooks.ts"}`): the block list
 * of SPEC area A in two steps (the claims updater marks a listed user `blocked`, the validator
 * refuses such a token on every guarded request), a `team` claim for everyone, and the `chat` sender
 * of a verified provider (`"sender": "chat"`). Loaded by packages/server/test/auth-hooks.test.ts.
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

/**
 * `"sender": "chat"`: the login link as a chat message to the handle the user typed, posted to the
 * chat service's incoming-webhook URL (read when a link is sent, so `config check` needs no value).
 */
export const senders: AuthHooks['senders'] = {
  chat: async (address, text) => {
    const response = await fetch(process.env.CHAT_WEBHOOK_URL ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: address, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the chat webhook answered ${response.status}`);
  },
};
