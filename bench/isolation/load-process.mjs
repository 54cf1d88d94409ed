// What the isolation scenarios share: the load runs in a process of its own (so its own CPU does not
// slow the bench's measuring client), started with the service's URL, stopped with SIGTERM, and
// reporting its totals as one JSON object on stdout.
import { fork } from 'node:child_process';

/**
 * Starts `script` (a scenario's file) with the service's `url`; the function it returns stops it
 * and gives `summary(totals)`.
 */
export function startLoadProcess(script, url, summary) {
  const child = fork(script, [url], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return summary(JSON.parse(out));
  };
}
