/** The TypeScript compiler (seconds to load, ~80 MB) is loaded only when a module file is read. */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Webhooks } from '../src/index.js';
import { startService } from './support/helpers.js';

const require = createRequire(import.meta.url);
const loaded = () => require.resolve('typescript') in require.cache;

describe('lazy TypeScript', () => {
  it('is not loaded for modules registered from code, and is for a modules folder', async () => {
    const webhooks = new Webhooks();
    webhooks.register('m', { handleX: () => 1 });
    expect(webhooks.list()).toHaveLength(1);
    expect(loaded()).toBe(false);
    const svc = await startService({ 'm.ts': 'export default { handleY() { return 2; } };' });
    expect(loaded()).toBe(true);
    await svc.close();
  });
});
