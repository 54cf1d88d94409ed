/**
 * @module cluster/worker
 * A worker process of `gatehouse serve` (`server.workers` above one): it takes the resolved config
 * from its primary (the same for every worker, the port included), runs the service as one process
 * would (its state through the primary, cluster/worker-state.ts), tells the primary it listens, and
 * stops when the primary says so. SIGTERM and SIGINT are the primary's to handle: a terminal's
 * Ctrl-C reaches every process of the group, and a worker must not take it for a second signal.
 */

import type { LineWriter } from '../logging.js';
import { installProcessPolicy } from '../process-policy.js';
import { type RunningService, serviceLogOf, startService } from '../serve.js';
import { ConfigError } from '../settings/errors.js';
import type { Channel } from './ipc.js';
import type { WorkerStart } from './primary.js';

/** Serves until the primary says stop; resolves with the exit code (0 clean, 1 cut or failed, 2 config). */
export async function runWorker(primary: Channel, stderr: LineWriter): Promise<number> {
  process.on('SIGTERM', () => {});
  process.on('SIGINT', () => {});
  const { config, configFile, summary } = (await primary.request('start', null)) as WorkerStart;
  const log = serviceLogOf(config, stderr);
  const policy = installProcessPolicy(log);
  let service: RunningService;
  try {
    service = await startService(config, { log, configFile, summary });
  } catch (error) {
    const setting = error instanceof ConfigError;
    log.fatal(
      { err: error },
      setting ? (error as Error).message : `not started: ${(error as Error).message}`,
    );
    return setting ? 2 : 1;
  }
  const stopRequested = new Promise<void>((resolve) => {
    primary.handle('stop', () => resolve());
    // The primary is gone (killed): finish what is in flight rather than serve on alone.
    process.once('disconnect', () => resolve());
  });
  primary.handle('cut', () => void service.close());
  await primary.request('ready', null);
  await stopRequested;
  policy.stopping();
  const clean = await service.close();
  if (process.connected) process.disconnect();
  return clean ? 0 : 1;
}
