/**
 * @module process-policy
 * What the running service does with its own unexpected errors. An uncaught exception or an
 * unhandled rejection in the service's process leaves its state unknown, so it is logged with its
 * stack and the process exits with code 1: a supervisor (systemd, a container runtime) restarts
 * it. And `gatehouse serve` never ends with code 0 unless a stop signal asked it to: a
 * `process.exit(0)` from trusted module code (`webhooks.isolation: "none"`) or an event loop that
 * ran dry ends with code 1 and a line saying so. Module code that runs isolated cannot reach this
 * process at all. Node's process warnings are written to the service log too, not beside it.
 */
import type { ServiceLog } from './logging.js';

export interface ProcessPolicy {
  /** Called when a stop signal arrived: from now on exit code 0 is the expected end. */
  stopping(): void;
}

export const UNEXPECTED_EXIT_CODE = 1;

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? String(error)) : String(error);
}

/** Installs the policy for this process; `log` must write synchronously (the service log does). */
export function installProcessPolicy(log: ServiceLog): ProcessPolicy {
  let stopRequested = false;
  const fatal = (what: string) => (error: unknown) => {
    log.fatal(`fatal ${what}, exiting with code ${UNEXPECTED_EXIT_CODE}: ${describe(error)}`);
    process.exit(UNEXPECTED_EXIT_CODE);
  };
  // Node's own warnings (deprecations, experimental features) become records of the one log.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn({ err: warning }, `${warning.name}: ${warning.message}`));
  process.on('uncaughtException', fatal('uncaught exception'));
  process.on('unhandledRejection', fatal('unhandled rejection'));
  process.on('exit', (code) => {
    if (stopRequested || code !== 0) return;
    process.exitCode = UNEXPECTED_EXIT_CODE;
    log.fatal(
      `exiting without a stop signal (process.exit(0) called, or nothing left to run); exit code ${UNEXPECTED_EXIT_CODE}`,
    );
  });
  return {
    stopping: () => {
      stopRequested = true;
    },
  };
}
