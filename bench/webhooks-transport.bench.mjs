// Benchmark behind the choice of webhook isolation (packages/webhooks/README.md, "Isolation"): the
// round trip of a webhook-sized call between the service and a worker, as a worker thread
// (postMessage) and as a child process (Node's IPC channel, JSON), each one message per call and
// batched (every call queued in one turn of the event loop goes as one message, as the webhooks
// package does). 64 calls are kept in flight, like 64 connections. Reports calls/s and the CPU the
// service's side spends per call. Usage: node bench/webhooks-transport.bench.mjs (BENCH_CALLS=100000)
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const IN_FLIGHT = 64;
const PARAMS = {
  event: 'ping',
  id: 42,
  tags: ['a', 'b'],
  _webhook: {
    method: 'POST',
    headers: { host: '127.0.0.1:8080', 'content-type': 'application/json' },
    query: {},
    timestamp: 0,
  },
};

/** The worker side, the same code for a thread and a process: answers each call (or batch). */
function serveCalls(receive, reply) {
  const answer = (call) => ({
    id: call.id,
    status: 200,
    body: JSON.stringify({ success: true, data: { ok: true, id: call.params.id } }),
  });
  receive((message) => reply(Array.isArray(message) ? message.map(answer) : answer(message)));
}

function batched(post) {
  let queue = [];
  return (message) => {
    if (queue.length === 0)
      setImmediate(() => {
        const batch = queue;
        queue = [];
        post(batch);
      });
    queue.push(message);
  };
}

async function measure(name, send, onReply) {
  let sent = 0;
  let done = 0;
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  await new Promise((resolve) => {
    const one = () => {
      done++;
      if (done === CALLS) resolve();
      else if (sent < CALLS) send({ id: sent++, method: 'handlePing', params: PARAMS });
    };
    onReply((reply) => (Array.isArray(reply) ? reply.forEach(one) : one()));
    for (let i = 0; i < IN_FLIGHT; i++) send({ id: sent++, method: 'handlePing', params: PARAMS });
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  console.log(
    `| ${name} | ${(CALLS / seconds).toFixed(0)} | ${((used.user + used.system) / CALLS).toFixed(1)} |`,
  );
}

async function main() {
  console.log(
    `node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0].toFixed(1)}, ${CALLS} calls, ${IN_FLIGHT} in flight`,
  );
  console.log('| transport | calls/s | service CPU µs/call |\n|---|---|---|');
  const self = fileURLToPath(import.meta.url);
  for (const batch of [false, true]) {
    const thread = new Worker(self, { argv: ['--thread'] });
    await measure(
      `worker thread, ${batch ? 'batched' : 'one message per call'}`,
      batch ? batched((m) => thread.postMessage(m)) : (m) => thread.postMessage(m),
      (cb) => thread.on('message', cb),
    );
    await thread.terminate();
    const child = fork(self, ['--process'], { serialization: 'json' });
    await measure(
      `child process, ${batch ? 'batched' : 'one message per call'}`,
      batch ? batched((m) => child.send(m)) : (m) => child.send(m),
      (cb) => child.on('message', cb),
    );
    child.kill();
  }
}

if (process.argv.includes('--thread')) {
  const { parentPort } = await import('node:worker_threads');
  serveCalls(
    (cb) => parentPort.on('message', cb),
    (m) => parentPort.postMessage(m),
  );
} else if (process.argv.includes('--process')) {
  serveCalls(
    (cb) => process.on('message', cb),
    (m) => process.send(m),
  );
} else await main();
