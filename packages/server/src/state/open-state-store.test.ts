/** Which state store the config chooses, what the start-up line says, and a refusal that names the key. */
import { afterEach, describe, expect, it } from 'vitest';
import { useTestSchemas } from '../../test/support/pg-schema.js';
import { loadConfig } from '../config/load.js';
import { type OpenedStateStore, openStateStore, stateDatabase } from './open-state-store.js';

const schema = useTestSchemas();
const opened: OpenedStateStore[] = [];
afterEach(async () => {
  for (const state of opened.splice(0)) await state.close();
});

function configOf(env: Record<string, string>) {
  return loadConfig({ cwd: '/nonexistent', env }).config;
}

async function open(env: Record<string, string>): Promise<OpenedStateStore> {
  const state = await openStateStore(configOf(env), { logf: () => {} });
  opened.push(state);
  return state;
}

describe('openStateStore', () => {
  it('keeps state in memory by default, and with an SQLite resources store', async () => {
    for (const env of [{} as Record<string, string>, { GATEHOUSE_RESOURCES_DATABASE: '/tmp/resources.db' }]) {
      const state = await open(env);
      expect(state.kind).toBe('memory');
      expect(state.peers).toBeUndefined();
      expect(state.description).toBe(
        'state: memory (this process only; several instances need a shared state.database)',
      );
    }
  });

  it('shares the PostgreSQL resources database unless state.database says otherwise', async () => {
    const { url } = await schema();
    const withPassword = new URL(url);
    expect(stateDatabase(configOf({ GATEHOUSE_RESOURCES_DATABASE: url }))).toEqual({
      url,
      key: 'resources.database',
    });
    const state = await open({ GATEHOUSE_RESOURCES_DATABASE: url });
    expect(state.kind).toBe('postgresql');
    expect(state.peers?.listening).toBe(true);
    expect(state.description).toMatch(
      /^state: PostgreSQL postgres:\/\/.*, table gatehouse_state \(.*from resources\.database\)$/,
    );
    if (withPassword.password) expect(state.description).not.toContain(withPassword.password);
    const memory = await open({ GATEHOUSE_RESOURCES_DATABASE: url, GATEHOUSE_STATE_DATABASE: 'memory' });
    expect(memory.kind).toBe('memory');
  });

  it('opens state.database on its own', async () => {
    const { url } = await schema();
    const state = await open({ GATEHOUSE_STATE_DATABASE: url });
    expect(state.description).toMatch(/from state\.database\)$/);
    await state.store.set('k', 'v', 60_000);
    expect(await state.store.get('k')).toBe('v');
  });

  it('stops start-up naming the key when the database cannot be reached, never falling back to memory', async () => {
    await expect(
      open({ GATEHOUSE_STATE_DATABASE: 'postgres://gatehouse:hunter2@127.0.0.1:1/state' }),
    ).rejects.toThrow(
      /^state\.database: cannot open the shared state store on PostgreSQL postgres:\/\/gatehouse:\*\*\*@127\.0\.0\.1:1\/state: .*ECONNREFUSED/,
    );
  });

  it('refuses a state.database that is neither memory nor a postgres:// URL', () => {
    expect(() => configOf({ GATEHOUSE_STATE_DATABASE: 'redis://cache' })).toThrow(
      'config error: state.database (from GATEHOUSE_STATE_DATABASE): expected "memory" or a postgres:// URL, got "redis://cache"',
    );
  });
});
