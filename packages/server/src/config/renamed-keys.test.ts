import { describe, expect, it } from 'vitest';
import { moveRenamedKeys, renamedKeys } from './renamed-keys.js';
import { configSchema } from './schema.js';

describe('moveRenamedKeys', () => {
  it('moves every old key to its new name, warning for each, and the result validates', () => {
    const raw = {
      auth: {
        revocationCheck: '1s',
        cookies: { jwtName: 'SESSION', xsrfName: 'CSRF', domain: 'example.com' },
        headers: { xsrf: 'X-CSRF', jwt: 'X-TOKEN', sendJWT: true },
      },
      webhooks: { folder: 'hooks', signature: { scheme: 'github', secretEnv: 'HOOK_SECRET' } },
    };
    const warnings = moveRenamedKeys(raw);
    expect(warnings).toEqual(
      renamedKeys.map(
        ({ from, to }) =>
          `config key ${from} is deprecated: it is ${to} now (the old name is removed in 0.3.0)`,
      ),
    );
    const config = configSchema.parse(raw);
    expect(config.auth).toMatchObject({
      revocationCheckInterval: 1000,
      jwtCookieName: 'SESSION',
      xsrfCookieName: 'CSRF',
      jwtCookieDomain: 'example.com',
      xsrfHeaderKey: 'X-CSRF',
      jwtHeaderKey: 'X-TOKEN',
      sendJWTHeader: true,
    });
    expect(config.webhooks.modulesDir).toBe('hooks');
    expect(config.webhooks.defaultSignature).toMatchObject({ scheme: 'github', secretEnv: 'HOOK_SECRET' });
  });

  it('keeps the new key when a file sets both, and leaves a file without old keys alone', () => {
    const raw = { auth: { revocationCheck: '1s', revocationCheckInterval: '2s' } };
    expect(moveRenamedKeys(raw)).toHaveLength(1);
    expect(raw).toEqual({ auth: { revocationCheckInterval: '2s' } });
    const current = { auth: { jwtCookieName: 'SESSION' }, server: { port: 1 } };
    expect(moveRenamedKeys(current)).toEqual([]);
    expect(current).toEqual({ auth: { jwtCookieName: 'SESSION' }, server: { port: 1 } });
  });

  it('leaves a group with keys it does not know, so validation names them', () => {
    const raw = { auth: { cookies: { jwtName: 'SESSION', sameSite: 'lax' } } };
    moveRenamedKeys(raw);
    expect(raw).toEqual({ auth: { cookies: { sameSite: 'lax' }, jwtCookieName: 'SESSION' } });
    expect(configSchema.safeParse(raw).success).toBe(false);
  });
});
