/**
 * @module logger
 * The one logging seam of the package. Library code never writes to the console: it calls the
 * logger the integrator passed in, and the default logger drops everything.
 * Every format starts with its level tag, `[DEBUG] `, `[INFO] `, `[WARN] ` or `[ERROR] `, so an
 * integrator can file each line at its level (the service's `libraryLogger` does; a test in the
 * server reads every call).
 */

/** A logger with one printf-style method, as integrators of go-pkgz/auth know it. */
export interface Logger {
  logf(format: string, ...args: unknown[]): void;
}

/** The default: silent. */
export const silentLogger: Logger = Object.freeze({ logf: () => {} });
