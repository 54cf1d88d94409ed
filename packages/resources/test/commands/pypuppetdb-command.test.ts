/**
 * pypuppetdb (Debian python3-pypuppetdb), the reference's Python client, submits commands to our
 * command route over real HTTP: `db.command("replace catalog" | "replace facts" | "deactivate node", payload)`.
 * Needs PYPUPPETDB_PYTHON from scripts/setup/15-pypuppetdb.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, count, smallCatalog, type TestApp } from '../support/commands/fixtures.js';

const SCRIPT = `
import json, sys
from pypuppetdb import connect
db = connect(host="127.0.0.1", port=int(sys.argv[1]))
catalog, facts = json.loads(sys.argv[2]), json.loads(sys.argv[3])
out = {}
out["catalog"] = db.command("replace catalog", catalog)
out["facts"] = db.command("replace facts", facts)
out["deactivate"] = db.command("deactivate node", {"certname": "web1", "producer_timestamp": "2026-11-20T10:00:00.000Z"})
try:
    db.command("replace catalog", dict(catalog, resources=catalog["resources"] + catalog["resources"][:1]))
    out["error"] = None
except Exception as e:
    out["error"] = [e.response.status_code, e.response.json()]
print(json.dumps(out))
`;

import { pypuppetdbPython, runPypuppetdb } from '../support/pypuppetdb.js';

describe('pypuppetdb submits commands', () => {
  let h: TestApp;
  let port: number;
  beforeAll(async () => {
    h = await buildTestApp('sqlite');
    port = Number(new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('replaces a catalog and facts, deactivates, and gets a 400 for a duplicate resource', async () => {
    const catalog = smallCatalog('web1', '2026-11-20T08:00:00.000Z');
    const facts = {
      certname: 'web1',
      environment: 'production',
      producer_timestamp: '2026-11-20T09:00:00.000Z',
      producer: 'puppet.example.com',
      values: { kernel: 'Linux', os: { family: 'Debian' } },
    };
    const out = await runPypuppetdb(pypuppetdbPython(), SCRIPT, port, [
      JSON.stringify(catalog),
      JSON.stringify(facts),
    ]);
    for (const key of ['catalog', 'facts', 'deactivate']) expect(out[key].uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(out.error[0]).toBe(400);
    expect(out.error[1].code).toBe('ERR_CMD_DUPLICATE_RESOURCE');
    await h.app.gatehouseResources.processor.idle();
    expect(await count(h.t, 'resources')).toBe(2);
    expect(await count(h.t, 'facts')).toBe(2);
    expect(await h.t.store.all('SELECT deactivated FROM certnames')).toEqual([
      { deactivated: '2026-11-20T10:00:00.000Z' },
    ]);
  });
});
