/** A PuppetDB `replace_facts` command (v5, terminus form) sent to a running service. */
import type { ServingProcess } from './cli.js';

/** POSTs a small fact set for `certname`; `extra` adds query parameters (`&secondsToWaitForCompletion=30`). */
export function sendFacts(at: ServingProcess, certname: string, extra = ''): Promise<Response> {
  const body = JSON.stringify({
    certname,
    environment: 'production',
    values: { role: 'web' },
    producer_timestamp: new Date().toISOString(),
    producer: 'puppet.example.com',
  });
  return fetch(`${at.url}/pdb/cmd/v1?command=replace_facts&version=5&certname=${certname}${extra}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
}
