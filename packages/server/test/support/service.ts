/** The service started in the test's own process, as `gatehouse serve` would start it in a folder. */
import { loadConfig } from '../../src/config/load.js';
import { type RunningService, startService } from '../../src/serve.js';
import { firstCredentialPassword } from './cli.js';

/**
 * Starts the service from the config file in `cwd` (when there is one) on `port` of 127.0.0.1 (a
 * free one by default), and reads the generated first password from its start-up log.
 */
export async function serveFolder(
  cwd: string,
  port = 0,
): Promise<{ service: RunningService; password: string }> {
  const { config } = loadConfig({ cwd, env: { GATEHOUSE_PORT: String(port) } });
  const lines: string[] = [];
  const service = await startService(config, { write: (line) => lines.push(line) });
  return { service, password: firstCredentialPassword(lines.join('\n')) };
}
