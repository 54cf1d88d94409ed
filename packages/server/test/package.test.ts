/**
 * `gatehouse` as a consumer imports it: by name, through node_modules and the package's exports map
 * to the built dist/ (the other tests reach src/ through vitest's aliases, so only this one can
 * catch a wrong exports map or a stale build).
 */
import type * as Gatehouse from '@gatehouse/server';
import { expect } from 'vitest';
import { describePackage } from '../../../test-support/packages.js';
import * as source from '../src/index.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();

describePackage<typeof Gatehouse>('@gatehouse/server', source, {
  title: 'the built loadConfig gives the embedded defaults',
  run: ({ loadConfig }) => {
    const { config } = loadConfig({ cwd: tempDir(), env: {} });
    expect(config.server.port).toBe(8080);
  },
});
