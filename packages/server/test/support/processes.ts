/** The processes of this machine, as /proc shows them: to find webhook workers left behind. */
import { readdirSync, readFileSync } from 'node:fs';

/** The processes whose command line names `folder` (a webhook worker and its wrappers). */
export function processesNaming(folder: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(folder);
      } catch {
        return false; // ended while we looked
      }
    })
    .map(Number);
}

/**
 * The processes still naming `folder` once they had `withinMs` to end (an ended process whose
 * parent has not reaped it yet has an empty command line, so it counts as gone).
 */
export async function processesLeftNaming(folder: string, withinMs = 10_000): Promise<number[]> {
  let left = processesNaming(folder);
  for (let waited = 0; waited < withinMs && left.length > 0; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesNaming(folder);
  }
  return left;
}
