/**
 * @module store/worker-script
 * Where the compiled entry file of a worker thread is. A worker runs JavaScript, so from the
 * built package (`dist/`) it is the file beside the caller; when the caller itself runs from
 * `src/` as TypeScript (the test runner), it is the same file in `dist/` (built by `tsc -b`).
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The URL of the compiled `name` (e.g. `store/read-worker.js`) of this package. */
export function workerScript(name: string): URL {
  const packageRoot = new URL('../../', import.meta.url);
  const beside = new URL(`../${name}`, import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(fileURLToPath(beside))) return beside;
  const built = new URL(`dist/${name}`, packageRoot);
  if (!existsSync(fileURLToPath(built))) {
    throw new Error(
      `@gatehouse/resources: ${fileURLToPath(built)} is missing; build the package (npx tsc -b)`,
    );
  }
  return built;
}
