import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test/support/temp.js';
import { loadConfig } from './config/load.js';
import { openDataFolder } from './data/folder.js';
import { firstCredentialLines, startupSummary } from './serve.js';

const tempDir = useTempDirs();

async function summaryFor(env: Record<string, string>) {
  const { config } = loadConfig({ cwd: tempDir(), env });
  const data = await openDataFolder(config);
  return { lines: startupSummary(config, data, 'http://gate.example:8080', undefined, ['auth: x']), data };
}

describe('startupSummary', () => {
  it('warns when listening beyond loopback with an http service URL', async () => {
    const { lines } = await summaryFor({ GATEHOUSE_HOST: '0.0.0.0' });
    expect(lines).toContainEqual(
      expect.stringMatching(/^WARNING listening on 0\.0\.0\.0 with an http:\/\/ service URL/),
    );
  });

  it('does not warn on loopback', async () => {
    const { lines } = await summaryFor({});
    expect(lines.filter((line) => line.startsWith('WARNING'))).toEqual([]);
    expect(lines).toContain('auth: x');
    expect(lines).toContain('config (none, embedded defaults)');
  });

  it('leaves the first credential out (it is printed before listening)', async () => {
    const { lines } = await summaryFor({});
    expect(lines.join('\n')).not.toContain('first credential');
  });
});

describe('firstCredentialLines', () => {
  it('shows the first credential only when the data folder was just created', async () => {
    const { config } = loadConfig({ cwd: tempDir(), env: {} });
    const data = await openDataFolder(config);
    expect(firstCredentialLines(config, data, 'http://127.0.0.1:8080')).toContain(
      `first credential created, shown only this once: user "admin" password "${data.firstCredential!.password}"`,
    );
    const again = await openDataFolder(config);
    expect(firstCredentialLines(config, again, 'http://127.0.0.1:8080')).toEqual([]);
  });
});
