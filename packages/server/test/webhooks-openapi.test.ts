/**
 * The public `/openapi.json` lists only the webhook routes its caller may call: the routes hide
 * module names from callers without `SERVICE_WEBHOOK_SECRET`, so the document does too. A signed
 * route is listed for everyone (its sender proves itself by the signature), an unsigned one only to
 * a caller that sends the secret, and a caller outside `webhooks.allowedIps` sees none.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

const SECRET = 'openapi-webhook-secret';
const MODULES = {
  'internal.js': 'export default class { handleDeploy() { return 1; } }',
  'github.js': `export const webhookConfig = { signature: { scheme: 'github', secret: 'gh-signing-secret' } };
export default class { handlePush() { return 1; } }`,
};

async function webhookPaths(url: string, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await fetch(`${url}/openapi.json`, { headers });
  expect(response.status).toBe(200);
  const document = (await response.json()) as { paths: Record<string, unknown> };
  return Object.keys(document.paths)
    .filter((path) => path.startsWith('/webhook/') && !path.includes('{'))
    .sort();
}

function modulesFolder(): string {
  const dir = tempDir();
  for (const [file, text] of Object.entries(MODULES)) writeFileSync(join(dir, file), text);
  return dir;
}

describe('GET /openapi.json and webhook modules', () => {
  const env = { SERVICE_WEBHOOK_SECRET: SECRET };

  it('leaves unsigned routes out for a caller without the secret, lists them with it', async () => {
    const { url } = await start({ webhooks: { modulesDir: modulesFolder(), isolation: 'none' } }, env);
    expect(await webhookPaths(url)).toEqual(['/webhook/github/handlePush']);
    expect(await webhookPaths(url, { 'x-webhook-secret': 'wrong' })).toEqual(['/webhook/github/handlePush']);
    expect(await webhookPaths(url, { 'x-webhook-secret': SECRET })).toEqual([
      '/webhook/github/handlePush',
      '/webhook/internal/handleDeploy',
    ]);
  });

  it('lists no module route to a caller outside webhooks.allowedIps', async () => {
    const { url } = await start(
      { webhooks: { modulesDir: modulesFolder(), isolation: 'none', allowedIps: ['10.0.0.0/8'] } },
      env,
    );
    expect(await webhookPaths(url, { 'x-webhook-secret': SECRET })).toEqual([]);
  });
});
