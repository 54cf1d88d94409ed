import { describe, expect, it } from 'vitest';
import { type Framework, sessionOf, start, withSession } from '../support/core/servers.js';
import { login, makeService } from '../support/core/service.js';

describe.each<Framework>(['fastify', 'express'])('smoke over %s', (framework) => {
  it('logs in and reaches a guarded route', async () => {
    const { service } = makeService();
    const app = await start(framework, service);
    try {
      const res = await login(app.url);
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveProperty('name', 'alice');
      const session = sessionOf(res);
      const guarded = await fetch(`${app.url}/private`, withSession(session));
      expect(guarded.status).toBe(200);
      expect(await guarded.json()).toHaveProperty('user.name', 'alice');
      const noXsrf = await fetch(`${app.url}/private`, withSession(session, {}, false));
      expect(noXsrf.status).toBe(401);
      expect(await noXsrf.json()).toEqual({ error: 'xsrf mismatch' });
    } finally {
      await app.close();
    }
  });
});
