import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/support/temp.js';
import { loadConfig } from '../config/load.js';
import { ConfigError } from '../settings/errors.js';
import { describeWorkers, planWorkers } from './workers.js';

const tempDir = useTempDirs();
const configOf = (env: Record<string, string>) => loadConfig({ cwd: tempDir(), env }).config;

describe('planWorkers', () => {
  it('auto is one process per core, a number is taken as given', () => {
    expect(planWorkers(configOf({}), 4)).toEqual({ count: 4, reason: 'auto, one per core (4)' });
    expect(planWorkers(configOf({}), 1).count).toBe(1);
    expect(planWorkers(configOf({ GATEHOUSE_WORKERS: '3' }), 8)).toEqual({
      count: 3,
      reason: 'server.workers',
    });
    expect(describeWorkers(planWorkers(configOf({ GATEHOUSE_WORKERS: '1' }), 8))).toBe(
      'workers: 1 process (server.workers)',
    );
  });

  it('keeps the dev server in one process: auto gives one, a number above one stops start-up', () => {
    const config = configOf({});
    const dev = { ...config, auth: { ...config.auth, dev: { ...config.auth.dev, enabled: true } } };
    expect(planWorkers(dev, 4)).toEqual({
      count: 1,
      reason: 'auto, one process for auth.dev (the dev OAuth 2.0 server)',
    });
    const two = { ...dev, server: { ...dev.server, workers: 2 } };
    expect(() => planWorkers(two, 4)).toThrow(ConfigError);
    expect(() => planWorkers(two, 4)).toThrow(/server\.workers: 2 processes cannot share auth\.dev/);
  });

  it('refuses anything but auto or 1-64', () => {
    expect(() => configOf({ GATEHOUSE_WORKERS: '0' })).toThrow(/server\.workers/);
    expect(() => configOf({ GATEHOUSE_WORKERS: 'many' })).toThrow(/expected "auto" or a number 1-64/);
  });
});
