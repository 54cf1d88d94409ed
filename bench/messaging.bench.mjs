// Benchmark: the verified provider's two steps over HTTP with autocannon — asking for a
// confirmation (sign a token, render the template, hand it to the sender) with an in-memory sender
// and with the bundled EmailSender to a local smtp-server, then redeeming tokens (verify, burn in
// the one-shot store, issue the session cookie). The server runs in a child process. Needs the
// built package (`npx tsc -b packages/auth`). Run: `node bench/messaging.bench.mjs`.
// Options: BENCH_DURATION (seconds per run, default 5), BENCH_CONNECTIONS (default 16).
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { SMTPServer } = await import('smtp-server');
  const { EmailSender, Service, VerifyProvider } = await import('../packages/auth/dist/index.js');
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _s, done) {
      stream.resume();
      stream.on('end', done);
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const tokens = [];
  const auth = new Service({ secretReader: () => 'bench secret, not for production' });
  auth.addProvider(
    new VerifyProvider({
      name: 'memory',
      template: '{{.Token}}',
      sender: async (_address, text) => {
        if (tokens.length < 200_000) tokens.push(text);
      },
    }),
  );
  const sender = new EmailSender({
    host: '127.0.0.1',
    port: smtp.server.address().port,
    from: 'bench@example.test',
  });
  auth.addProvider(new VerifyProvider({ name: 'smtp', sender }));
  const app = Fastify();
  await app.register(auth.fastify.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', () => process.send({ tokens: tokens.splice(0) }));
  process.send({ port: app.server.address().port });
}

async function run(autocannon, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { stdio: 'inherit' });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  const base = `http://127.0.0.1:${port}`;
  let n = 0;
  const ask = (name) => ({
    url: base,
    duration,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: `/auth/${name}/login?user=u${n++}&address=u${n}@example.test`,
        }),
      },
    ],
  });
  const rows = [];
  const record = (label, r) =>
    rows.push(
      `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`,
    );
  record('request confirmation, in-memory sender', await run(autocannon, ask('memory')));
  child.send('tokens');
  const { tokens } = await new Promise((resolve) => child.once('message', resolve));
  record(
    `redeem token (${tokens.length} unique tokens, one each)`,
    await run(autocannon, {
      url: base,
      amount: tokens.length,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/auth/memory/login?token=${tokens.pop()}` }) }],
    }),
  );
  record('request confirmation, EmailSender to local SMTP', await run(autocannon, ask('smtp')));
  child.kill();
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (nproc), ${connections} connections, ${duration} s per run`,
  );
  console.log('| run | req/s | p50 ms | p99 ms | errors + non-2xx |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));
}

if (process.argv[2] === 'serve') await serve();
else await main();
