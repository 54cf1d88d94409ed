/**
 * @module cluster/workers
 * How many processes serve requests (`server.workers`). `auto` is one per core the process may use
 * (`os.availableParallelism()`), so a guarded request is answered by every core; a number is taken
 * as given. A few features keep their state in the process that runs them and cannot be split:
 * the dev OAuth 2.0 server, a `local` OAuth 2.0 server and the Telegram bot (one long poll per bot).
 * With one of them `auto` means one process, and an explicit number above one stops start-up,
 * naming the key.
 */
import { availableParallelism } from 'node:os';
import { ConfigError } from '../settings/errors.js';

export interface WorkerPlan {
  /** Processes that serve requests; 1 means the one process does everything, as without cluster. */
  readonly count: number;
  /** Why, for the start-up summary. */
  readonly reason: string;
}

/** `server.workers`, and the `auth` keys that start features bound to one process. */
export interface WorkersSettings {
  readonly server: { readonly workers: number | 'auto' };
  readonly auth: {
    readonly dev: { readonly enabled: boolean };
    readonly providers: readonly { readonly kind: string }[];
  };
}

/** The features (config keys) that must run in one process. */
function singleProcessFeatures(config: WorkersSettings): string[] {
  const features: string[] = [];
  if (config.auth.dev.enabled) features.push('auth.dev (the dev OAuth 2.0 server)');
  for (const [index, provider] of config.auth.providers.entries()) {
    if (provider.kind === 'local') features.push(`auth.providers.${index} (a local OAuth 2.0 server)`);
    if (provider.kind === 'telegram') features.push(`auth.providers.${index} (a Telegram bot)`);
  }
  return features;
}

/** The processes `config` asks for on a machine with `cores` usable cores. */
export function planWorkers(config: WorkersSettings, cores = availableParallelism()): WorkerPlan {
  const { workers } = config.server;
  const single = singleProcessFeatures(config);
  if (workers === 'auto') {
    if (single.length > 0) return { count: 1, reason: `auto, one process for ${single.join(', ')}` };
    return { count: cores, reason: `auto, one per core (${cores})` };
  }
  if (workers > 1 && single.length > 0) {
    throw new ConfigError([
      `server.workers: ${workers} processes cannot share ${single.join(', ')}; set server.workers to 1 or "auto"`,
    ]);
  }
  return { count: workers, reason: 'server.workers' };
}

/** The summary line, e.g. `workers: 2 processes (auto, one per core (2))`. */
export function describeWorkers(plan: WorkerPlan): string {
  return `workers: ${plan.count} ${plan.count === 1 ? 'process' : 'processes'} (${plan.reason})`;
}
