#!/usr/bin/env node
// Isolation scenario (b): a webhook handler that busy-loops. A module whose handler burns 200 ms of
// CPU per call (`while (Date.now() < end) {}`) is called in a loop by 4 clients. With the default
// isolation it runs in its own worker process: it holds a core, never the service's event loop.
//
// As a scenario of bench/isolation.bench.mjs:   import { webhookBusyLoop } from './isolation/webhook-busy-loop.mjs'
// As the load process it starts:                node bench/isolation/webhook-busy-loop.mjs <service URL>
//   (prints {"calls": n, "errors": n} on SIGTERM)
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLoadProcess } from './load-process.mjs';

const CALLERS = 4;
const SPIN_MS = 200;

export const webhookBusyLoop = {
  name: `(b) a webhook handler busy-loops (${SPIN_MS} ms of CPU per call, ${CALLERS} callers)`,
  async prepare({ config }) {
    const folder = mkdtempSync(join(tmpdir(), 'gatehouse-isolation-hooks-'));
    // The sandboxed worker (the default isolation) reads the module as its own user.
    chmodSync(folder, 0o755);
    writeFileSync(
      join(folder, 'spin.ts'),
      `export default class { handleSpin() { const end = Date.now() + ${SPIN_MS}; while (Date.now() < end) {} return 'spun'; } }`,
    );
    config.webhooks = { ...config.webhooks, folder, concurrency: CALLERS };
    return `webhook module spin.ts in ${folder}, the default isolation`;
  },
  start({ url }) {
    return startLoadProcess(
      fileURLToPath(import.meta.url),
      url,
      ({ calls, errors }) => `${calls} busy-looping webhook calls during the runs, ${errors} errors`,
    );
  },
};

async function loop(url) {
  const totals = { calls: 0, errors: 0 };
  let stopping = false;
  process.once('SIGTERM', () => {
    stopping = true;
  });
  const caller = async () => {
    while (!stopping) {
      try {
        const res = await fetch(`${url}/webhook/spin/handleSpin`, { method: 'POST' });
        await res.text();
        if (res.status === 200) totals.calls += 1;
        else totals.errors += 1;
      } catch {
        totals.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
  process.stdout.write(JSON.stringify(totals));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await loop(process.argv[2]);
