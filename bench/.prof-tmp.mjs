// Times every statement of applyCatalog on PostgreSQL or SQLite: first load of N nodes, then a changed run.
import pg from 'pg';
import * as R from '@gatehouse/resources';
import { catalogFor } from '/work/wt/state14/bench/fleet-gen.mjs';
const N = Number(process.env.N ?? 30);
const dialect = process.env.D ?? 'postgres';
const stats = new Map();
let on = false;
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const p = orig.apply(this, args);
  if (!on || typeof args[0] !== 'string' || !p || typeof p.then !== 'function') return p;
  const key = args[0].replace(/\s+/g, ' ').slice(0, 70);
  const t = performance.now();
  return p.then((r) => { const s = stats.get(key) ?? { n: 0, ms: 0, rows: 0 }; s.n++; s.rows += Array.isArray(args[1]?.[0]) ? args[1][0].length : 0; s.ms += performance.now() - t; stats.set(key, s); return r; });
};
const store = dialect === 'postgres'
  ? await R.openPostgresStore(process.env.PG_TEST_URL, { schema: `prof_${process.pid}` })
  : await R.openSqliteStore(`/tmp/state14prof/p${process.pid}.db`);
const ts = (g) => new Date(Date.UTC(2026, 10, 20 + g)).toISOString();
let t = performance.now();
for (let i = 0; i < N; i++) await R.applyCatalog(store, R.readCatalog(catalogFor(i, { resources: 300, timestamp: ts(0) }), 9), ts(0));
console.log('load', ((performance.now() - t) / N).toFixed(1), 'ms/catalog');
const wires = Array.from({ length: N }, (_, i) => catalogFor(i, { resources: 300, generation: 1, timestamp: ts(1) }));
on = true;
t = performance.now();
let read = 0;
for (const w of wires) { const r0 = performance.now(); const c = R.readCatalog(w, 9); read += performance.now() - r0; await R.applyCatalog(store, c, ts(1)); }
console.log('changed', ((performance.now() - t) / N).toFixed(1), 'ms/catalog; readCatalog', (read / N).toFixed(1), 'ms');
for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) console.log((s.ms / N).toFixed(2).padStart(8), 'ms/cat', String(s.n / N).padStart(5), 'x', k, (s.rows / N).toFixed(0), 'rows');
if (dialect === 'postgres') await store.run(`DROP SCHEMA prof_${process.pid} CASCADE`);
await store.close();
