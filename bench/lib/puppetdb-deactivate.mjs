// Deactivates nodes a benchmark wrote into a shared PuppetDB peer, so they stop showing in its
// queries: a later side-by-side query run would otherwise ask PuppetDB about them too (the waited
// ingest bench adds ~300 nodes a run, fleet-like catalogs among them) and compare its answers over
// more rows than Gatehouse's fleet holds. Sent without waiting, as many at a time as `parallel`.

/** Sends `deactivate node` v3 for each of `certnames` to the PuppetDB at `base`. */
export async function deactivateInPuppetdb(base, certnames, parallel = 8) {
  const queue = [...certnames];
  const producerTimestamp = new Date().toISOString();
  const worker = async () => {
    for (let certname = queue.shift(); certname; certname = queue.shift()) {
      const url = `${base}/pdb/cmd/v1?command=deactivate_node&version=3&certname=${encodeURIComponent(certname)}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ certname, producer_timestamp: producerTimestamp }),
      });
      if (!res.ok)
        throw new Error(`${base}: deactivating ${certname}: HTTP ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** The certnames of the active nodes of the PuppetDB at `base` whose name matches `pattern`. */
export async function activeNodes(base, pattern) {
  const query = encodeURIComponent(JSON.stringify(['~', 'certname', pattern]));
  const res = await fetch(`${base}/pdb/query/v4/nodes?query=${query}`);
  if (!res.ok) throw new Error(`${base}: listing nodes: HTTP ${res.status}`);
  return (await res.json()).map((node) => node.certname);
}
