/**
 * pypuppetdb, the reference's Python client, run against a service on 127.0.0.1: the interpreters
 * that have it (Debian's python3-pypuppetdb 2.2 from scripts/setup/15-pypuppetdb.sh, and the 3.2 of
 * puppetboard's environment from scripts/setup/17-puppetboard.sh) and one run of a script.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's pypuppetdb 2.2, which every pypuppetdb test needs. */
export function pypuppetdbPython(): string {
  const python = process.env.PYPUPPETDB_PYTHON;
  if (!python) {
    throw new Error('PYPUPPETDB_PYTHON is not set: run `make test-setup` (scripts/setup/15-pypuppetdb.sh)');
  }
  return python;
}

/** Puppetboard's pypuppetdb 3.2, when its environment is set up. */
export function puppetboardPython(): string {
  const python = process.env.PUPPETBOARD_PYTHON;
  if (!python) {
    throw new Error('PUPPETBOARD_PYTHON is not set: run `make test-setup` (scripts/setup/17-puppetboard.sh)');
  }
  return python;
}

/**
 * Runs `script` with `python`, its `sys.argv[1]` the service's `port` and the rest `args`, and
 * returns the JSON it prints (untyped, as `JSON.parse` gives it: the tests compare it with `expect`).
 */
export async function runPypuppetdb(
  python: string,
  script: string,
  port: number,
  args: readonly string[] = [],
): Promise<ReturnType<typeof JSON.parse>> {
  const { stdout } = await run(python, ['-c', script, String(port), ...args], { timeout: 60_000 });
  return JSON.parse(stdout);
}
