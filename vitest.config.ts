import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the workspace packages from their sources, so `npm test` needs no build step
// to run them; `tsc -b` (run first by `npm test`) checks the types of the build and, through each
// package's tsconfig.test.json, of every test.
const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@gatehouse/auth': src('auth'),
      '@gatehouse/resources': src('resources'),
      '@gatehouse/webhooks': src('webhooks'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
