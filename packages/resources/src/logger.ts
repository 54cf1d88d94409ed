/**
 * @module logger
 * The one logging seam of the package: library code never writes to the console; it calls the
 * logger the integrator passed in. The default drops everything.
 */

/** A logger with one printf-style method. */
export interface Logger {
  logf(format: string, ...args: unknown[]): void;
}

/** The default: silent. */
export const silentLogger: Logger = Object.freeze({ logf: () => {} });
