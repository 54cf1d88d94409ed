// Benchmark: a trivial webhook handler through @gatehouse/webhooks against an unguarded plain
// Fastify POST route (the ceiling), at concurrency 1 and 64, with autocannon: in process
// (isolation "none", trusted code), in a plain worker process per module (isolation "process") and
// in the sandboxed worker process (isolation "sandbox", the default: namespaces and, as root, a
// user of its own), without and with the shared secret. It also times how long each isolation takes
// to start its worker (spawn to module imported). The server runs in a
// child process so that the load generator and the server do not share one event loop. Needs the
// built package (`npx tsc -b packages/webhooks`); run through bench/webhooks.bench.sh.
// The machine is shared, so each route runs BENCH_ROUNDS times, interleaved, and the best round
// counts; the server also reports its CPU time per request, which noise disturbs less.
// Options: BENCH_DURATION (seconds per run, default 5), BENCH_ROUNDS (default 3).
import { fork } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRun } from './lib/measure.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench secret';
const BODY = JSON.stringify({ event: 'ping', id: 42, tags: ['a', 'b'] });

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { webhooksPlugin } = await import('../packages/webhooks/dist/index.js');
  // The trivial handler is a real module file (TypeScript, loaded as the service loads it).
  const dir = await mkdtemp(path.join(os.tmpdir(), 'webhooks-bench-'));
  await chmod(dir, 0o755); // the sandbox's worker user reads it (as root)
  await writeFile(
    path.join(dir, 'bench.ts'),
    'export default class { handlePing(p: { id: number }) { return { ok: true, id: p.id }; } }',
  );
  const app = Fastify();
  // The ceiling: Fastify's own JSON parser and serializer, nothing else.
  app.post('/plain', async (request) => ({ success: true, data: { ok: true, id: request.body.id } }));
  const common = { modulesDir: dir, watch: false, concurrency: 64 };
  await app.register(webhooksPlugin, { ...common, isolation: 'none' });
  // One app per registry (the plugin decorates its app); all in this one server process.
  const variants = [
    { isolation: 'none', secret: SECRET },
    { isolation: 'process', secret: SECRET },
    { isolation: 'sandbox' },
    { isolation: 'sandbox', secret: SECRET },
  ];
  const ports = [];
  const startMs = {};
  for (const variant of variants) {
    const other = Fastify();
    const begun = process.hrtime.bigint();
    await other.register(webhooksPlugin, { ...common, ...variant });
    await other.ready(); // the module is loaded: its worker is started and has imported it
    startMs[variant.isolation] ??= Number(process.hrtime.bigint() - begun) / 1e6;
    await other.listen({ port: 0, host: '127.0.0.1' });
    ports.push(other.server.address().port);
  }
  // CPU time of the server process, read before and after each run (not itself measured much).
  // Isolated workers are other processes: their CPU is not in this figure.
  const cpu = async () => {
    const { user, system } = process.cpuUsage();
    return { us: user + system };
  };
  app.get('/cpu', cpu);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('disconnect', () => rm(dir, { recursive: true, force: true }).finally(() => process.exit(0)));
  process.send({ port: app.server.address().port, ports, startMs });
}

async function serverCpu(base) {
  return (await (await fetch(`${base}/cpu`)).json()).us;
}

async function load(base, url, connections, headers, warm) {
  const { default: autocannon } = await import('autocannon');
  const options = {
    url,
    method: 'POST',
    body: BODY,
    headers: { 'content-type': 'application/json', ...headers },
    connections,
  };
  if (warm) await autocannon({ ...options, duration: 2 }); // warm-up: JIT
  return measureRun({ ...options, duration }, () => serverCpu(base));
}

function better(a, b) {
  return !a || b.rps > a.rps
    ? { ...b, cpu: Math.min(b.cpu, a?.cpu ?? Infinity) }
    : { ...a, cpu: Math.min(a.cpu, b.cpu) };
}

async function main() {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { stdio: 'inherit' });
  const { port, ports, startMs } = await new Promise((resolve) => child.once('message', resolve));
  const base = `http://127.0.0.1:${port}`;
  const hook = (p) => `http://127.0.0.1:${p}/webhook/bench/handlePing`;
  const secret = { 'x-webhook-secret': SECRET };
  const runs = [
    ['plain Fastify route (ceiling)', `${base}/plain`, {}],
    ['webhook in process, no secret', `${base}/webhook/bench/handlePing`, {}],
    ['webhook in process, X-Webhook-Secret', hook(ports[0]), secret],
    ['webhook process (no namespaces), X-Webhook-Secret', hook(ports[1]), secret],
    ['webhook sandbox, no secret', hook(ports[2]), {}],
    ['webhook sandbox, X-Webhook-Secret', hook(ports[3]), secret],
  ];
  try {
    const cpus = `${os.cpus().length} cpus (${os.cpus()[0]?.model ?? '?'})`;
    console.log(
      `node ${process.version}, ${cpus}, load ${os.loadavg()[0].toFixed(1)}, best of ${rounds} x ${duration}s`,
    );
    const starts = Object.entries(startMs).map(([isolation, ms]) => `${isolation} ${ms.toFixed(0)} ms`);
    console.log(`start-up of one module (registry start to module imported): ${starts.join(', ')}\n`);
    console.log(
      '| route | connections | req/s | p50 ms | p99 ms | server CPU µs/req | % of ceiling (req/s) | % of ceiling (CPU) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const connections of [1, 64]) {
      const best = runs.map(() => undefined);
      for (let round = 0; round < rounds; round++) {
        for (const [i, [, url, headers]] of runs.entries()) {
          // Both apps live in the one server process, so /cpu on either port is its CPU time.
          best[i] = better(best[i], await load(base, url, connections, headers, round === 0));
        }
      }
      for (const [i, [name]] of runs.entries()) {
        const r = best[i];
        const rpsShare = ((100 * r.rps) / best[0].rps).toFixed(0);
        const cpuShare = ((100 * best[0].cpu) / r.cpu).toFixed(0);
        console.log(
          `| ${name} | ${connections} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpu.toFixed(1)} | ${rpsShare}% | ${cpuShare}% |`,
        );
      }
    }
    console.log(`load at the end ${os.loadavg()[0].toFixed(1)}`);
  } finally {
    child.disconnect();
  }
}

if (process.argv.includes('--server')) await serve();
else await main();
