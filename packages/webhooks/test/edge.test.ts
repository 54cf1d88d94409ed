/** The allowlist and the rate limit over real HTTP (the client is 127.0.0.1). */
import { afterEach, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

const PING = 'export default { handlePing() { return "pong"; } };';
const services: TestService[] = [];
afterEach(async () => {
  for (const svc of services.splice(0)) await svc.close();
});

async function start(options: Parameters<typeof startService>[1]) {
  const svc = await startService({ 'ping.js': PING }, options);
  services.push(svc);
  return svc;
}

describe('allowedIps', () => {
  it('answers 403 to an address outside the list, before anything else', async () => {
    const svc = await start({ allowedIps: ['10.0.0.0/8'], secret: 's' });
    const res = await post(svc.base, '/webhook/ping/handlePing');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Source IP not in webhook allowlist' });
  });

  it('lets a listed address through', async () => {
    const svc = await start({ allowedIps: ['127.0.0.0/8', '::1'] });
    expect((await post(svc.base, '/webhook/ping/handlePing')).body).toEqual({ success: true, data: 'pong' });
  });

  it('refuses a malformed entry at registration', async () => {
    await expect(startService({}, { allowedIps: ['10.0.0.0/99'] })).rejects.toThrow(/allowedIps/);
  });
});

describe('rateLimit', () => {
  it('answers 429 with Retry-After beyond max, counting refused calls too', async () => {
    const svc = await start({ rateLimit: { max: 3, windowMs: 60_000 }, secret: 's' });
    expect(
      (await post(svc.base, '/webhook/ping/handlePing', {}, { 'X-Webhook-Secret': 'wrong' })).status,
    ).toBe(401);
    expect((await post(svc.base, '/webhook/ping/handlePing', {}, { 'X-Webhook-Secret': 's' })).status).toBe(
      200,
    );
    expect((await post(svc.base, '/webhook/ping/handlePing', {}, { 'X-Webhook-Secret': 's' })).status).toBe(
      200,
    );
    const limited = await post(svc.base, '/webhook/ping/handlePing', {}, { 'X-Webhook-Secret': 's' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many requests' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});
