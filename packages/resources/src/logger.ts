/**
 * @module logger
 * The one logging seam of the package: library code never writes to the console; it calls the
 * logger the integrator passed in. The default drops everything.
 * Every format starts with its level tag, `[DEBUG] `, `[INFO] `, `[WARN] ` or `[ERROR] `, so an
 * integrator can file each line at its level (the service's `libraryLogger` does; a test in the
 * server reads every call).
 */

/** A logger with one printf-style method. */
export interface Logger {
  logf(format: string, ...args: unknown[]): void;
}

/** The default: silent. */
export const silentLogger: Logger = Object.freeze({ logf: () => {} });
