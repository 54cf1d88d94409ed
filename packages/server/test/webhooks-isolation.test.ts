/**
 * Webhook module code that misbehaves, run by the real `gatehouse serve` over real HTTP: each way
 * of failing ends only that module's worker. After every bad call `/ping`, a guarded auth route and
 * another module's handler still answer, the bad call's answer is precise, and the module serves
 * again from a new worker. Handler code sees neither the service's secrets nor another module's.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli, type ServingProcess, startServe } from './support/cli.js';
import { processesLeftNaming, processesNaming } from './support/processes.js';
import { makeTempDir } from './support/temp.js';

const ADMIN_PASSWD = 'isolation-admin-password';
const WEBHOOK_SECRET = 'isolation-webhook-secret';
const GITHUB_SECRET = 'github-signing-secret-of-another-module';

/** Every bad module also has `handleOk`, to see that its next worker serves. */
const OK = 'handleOk() { return "ok"; }';
const MODULES: Record<string, string> = {
  'good.ts': 'export default class { handleHello() { return "hi"; } }',
  'throws.ts': `export default class { ${OK} handleThrow() { throw new Error('thrown on purpose'); } }`,
  'reject.ts': `export default class { ${OK}
    handleReject() { Promise.reject(new Error('nobody awaits me')); return new Promise((r) => setTimeout(r, 5000)); } }`,
  'timer.ts': `export default class { ${OK}
    handleTimer() { setTimeout(() => { throw new Error('thrown in a timer'); }, 5); return new Promise((r) => setTimeout(r, 5000)); } }`,
  'exits.ts': `export default class { ${OK} handleExit() { process.exit(0); } }`,
  'spins.ts': `export default class { ${OK}
    /** @timeout 1500 */
    handleSpin() { for (;;) {} } }`,
  'leaks.ts': `export default class { ${OK}
    handleLeak() { const keep: unknown[] = []; for (;;) keep.push(new Array(100000).fill(keep.length)); } }`,
  'odd.ts': `export default class { ${OK}
    handleOdd() { throw Object.assign(new Error('odd'), { [Symbol.for('@gatehouse/webhooks.rejection')]: true, status: 99 }); } }`,
  'exitAtImport.ts': 'process.exit(0);\nexport default class { handleNever() { return 1; } }',
  'hangAtImport.ts': 'for (;;) {}\nexport default class { handleNever() { return 1; } }',
  'signed.ts': `/** @signature github env:GITHUB_WEBHOOK_SECRET */
    export default class { handlePush() { return 'pushed'; } }`,
  'snoop.ts': `import { readFileSync } from 'node:fs';
    export default class {
      handleLook(p: { files: string[] }) {
        const read = (f: string) => { try { return readFileSync(f, 'utf8'); } catch (e) { return (e as { code?: string }).code; } };
        return { env: { ...process.env }, files: p.files.map(read) };
      }
    }`,
};

let dir: string;
let service: ServingProcess;

const call = async (path: string, body: unknown = {}, headers: Record<string, string> = {}) => {
  const res = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': WEBHOOK_SECRET, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

/** `/ping`, a guarded auth route and another module's handler answer. */
async function othersStillAnswer(): Promise<void> {
  const ping = await fetch(`${service.url}/ping`);
  expect(await ping.text()).toBe('pong');
  const basic = `Basic ${Buffer.from(`admin:${ADMIN_PASSWD}`).toString('base64')}`;
  const user = await fetch(`${service.url}/auth/user`, { headers: { authorization: basic } });
  expect(user.status).toBe(200);
  expect(await call('/webhook/good/handleHello')).toEqual({
    status: 200,
    body: { success: true, data: 'hi' },
  });
}

beforeAll(async () => {
  buildCli();
  dir = makeTempDir('gatehouse-isolation-');
  mkdirSync(join(dir, 'hooks'));
  for (const [file, text] of Object.entries(MODULES)) writeFileSync(join(dir, 'hooks', file), text);
  writeFileSync(
    join(dir, 'gatehouse.config.json'),
    JSON.stringify({
      webhooks: {
        modulesDir: 'hooks',
        workerMemory: 48,
        loadTimeout: '8s',
        modules: { snoop: { env: ['SNOOP_TOKEN'] }, good: { env: ['GOOD_TOKEN'] } },
      },
    }),
  );
  service = await startServe(['--port', '0'], {
    cwd: dir,
    env: {
      GATEHOUSE_WORKERS: '1', // every process of server.workers loads the modules; one log to count
      GATEHOUSE_ADMIN_PASSWD: ADMIN_PASSWD,
      SERVICE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GITHUB_WEBHOOK_SECRET: GITHUB_SECRET,
      SNOOP_TOKEN: 'granted-to-snoop',
      GOOD_TOKEN: 'granted-to-good',
    },
  });
  if (!/module good loaded/.test(service.log())) throw new Error(`good did not load:\n${service.log()}`);
}, 180_000);

afterAll(async () => {
  if (service?.child.exitCode === null) await service.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('a misbehaving handler ends only its own worker', () => {
  it.each([
    [
      'throws',
      'handleThrow',
      500,
      'webhook handler failed',
      /webhooks: throws\.handleThrow failed: Error: thrown on purpose/,
    ],
    [
      'reject',
      'handleReject',
      500,
      'webhook worker crashed',
      /webhooks: reject worker stopped while running reject\.handleReject: unhandled rejection: Error: nobody awaits me/,
    ],
    [
      'timer',
      'handleTimer',
      500,
      'webhook worker crashed',
      /webhooks: timer worker stopped while running timer\.handleTimer: uncaught exception: Error: thrown in a timer/,
    ],
    [
      'exits',
      'handleExit',
      500,
      'webhook worker crashed',
      /webhooks: exits worker stopped while running exits\.handleExit: exited with code 0/,
    ],
    [
      'odd',
      'handleOdd',
      500,
      'webhook handler failed',
      /webhooks: odd\.handleOdd threw a rejection with status 99/,
    ],
    [
      'leaks',
      'handleLeak',
      500,
      'webhook worker crashed',
      /webhooks: leaks worker stopped while running leaks\.handleLeak: ran out of memory/,
    ],
  ])(
    '%s.%s answers %d, is logged once, and the module serves again',
    async (module, method, status, error, logged) => {
      expect(await call(`/webhook/${module}/${method}`)).toEqual({ status, body: { error } });
      await othersStillAnswer();
      expect(await call(`/webhook/${module}/handleOk`)).toEqual({
        status: 200,
        body: { success: true, data: 'ok' },
      });
      expect(service.lines(logged)).toHaveLength(1);
    },
  );

  it('a busy loop answers 504 at the handler timeout while the service keeps answering', async () => {
    let settled = false;
    const spinning = call('/webhook/spins/handleSpin').finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await othersStillAnswer();
    expect(settled).toBe(false);
    expect(await spinning).toEqual({ status: 504, body: { error: 'webhook handler timed out' } });
    expect(await call('/webhook/spins/handleOk')).toEqual({
      status: 200,
      body: { success: true, data: 'ok' },
    });
    expect(
      service.lines(
        /webhooks: spins worker stopped while running spins\.handleSpin: timed out after \d+ ms, worker killed/,
      ),
    ).toHaveLength(1);
  });

  it('process.exit or a hang at import is a load error of that module only', async () => {
    expect(
      service.lines(/module exitAtImport .*failed to load, not served: .*exited with code 0 while importing/),
    ).toHaveLength(1);
    expect(
      service.lines(
        /module hangAtImport .*failed to load, not served: .*importing did not finish within 8000 ms/,
      ),
    ).toHaveLength(1);
    expect(await call('/webhook/exitAtImport/handleNever')).toEqual({
      status: 404,
      body: { error: 'unknown webhook module' },
    });
    expect(await call('/webhook/hangAtImport/handleNever')).toEqual({
      status: 404,
      body: { error: 'unknown webhook module' },
    });
    await othersStillAnswer();
  });
});

describe('least privilege', () => {
  it('handler code gets only its granted variables and cannot read the data folder', async () => {
    const secretFile = join(dir, '.data', 'gatehouse', 'secret');
    const credentials = join(dir, '.data', 'gatehouse', 'users.passwd');
    expect(readFileSync(secretFile, 'utf8').length).toBeGreaterThan(20);
    const res = await call('/webhook/snoop/handleLook', { files: [secretFile, credentials] });
    const { env, files } = (res.body as { data: { env: Record<string, string>; files: string[] } }).data;
    expect(env).toEqual({ SNOOP_TOKEN: 'granted-to-snoop' });
    expect(files).toEqual(['ERR_ACCESS_DENIED', 'ERR_ACCESS_DENIED']);
    const text = JSON.stringify(res.body);
    for (const secret of [ADMIN_PASSWD, WEBHOOK_SECRET, GITHUB_SECRET, 'granted-to-good']) {
      expect(text).not.toContain(secret);
    }
  });

  it('the start-up summary names the isolation', () => {
    expect(service.log()).toMatch(
      /webhooks: isolation sandbox: own network \(no loopback\), PID and mount namespaces/,
    );
  });
});

describe('the main process policy', () => {
  const trusted = (module: string) => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-trusted-'));
    mkdirSync(join(cwd, 'hooks'));
    writeFileSync(join(cwd, 'hooks', 'm.ts'), module);
    writeFileSync(
      join(cwd, 'gatehouse.config.json'),
      JSON.stringify({ webhooks: { modulesDir: 'hooks', isolation: 'none' } }),
    );
    return cwd;
  };

  it('with trusted in-process modules, process.exit(0) at import ends serve with code 1, said so', async () => {
    const cwd = trusted('process.exit(0);\nexport default class { handleA() { return 1; } }');
    try {
      const result = await runCli(['serve', '--port', '0'], { cwd });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('exiting without a stop signal (process.exit(0) called');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('an uncaught exception in the service is logged and exits with code 1', async () => {
    const cwd = trusted(
      'export default class { handleBoom() { setTimeout(() => { throw new Error("boom in a timer"); }, 5); return 1; } }',
    );
    try {
      const running = await startServe(['--port', '0'], { cwd });
      expect(running.log()).toContain('isolation none: TRUSTED module code runs inside the service');
      await fetch(`${running.url}/webhook/m/handleBoom`, { method: 'POST' });
      const code = await new Promise((resolve) => running.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(running.log()).toMatch(/fatal uncaught exception, exiting with code 1: Error: boom in a timer/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe('a service that dies takes its workers with it', () => {
  // A spinning handler runs no JavaScript that could notice its service is gone: the kernel ends it.
  it.each(['sandbox', 'process'])(
    'SIGKILL of the service while a handler spins leaves no worker behind (isolation %s)',
    async (isolation) => {
      const own = makeTempDir('gatehouse-orphans-');
      try {
        mkdirSync(join(own, 'hooks'));
        writeFileSync(
          join(own, 'hooks', 'spins.ts'),
          'export default class {\n  /** @timeout 600000 */\n  handleSpin() { for (;;) {} }\n}',
        );
        writeFileSync(
          join(own, 'gatehouse.config.json'),
          JSON.stringify({ webhooks: { modulesDir: 'hooks', isolation } }),
        );
        const running = await startServe(['--port', '0'], {
          cwd: own,
          env: { GATEHOUSE_WORKERS: '1', SERVICE_WEBHOOK_SECRET: WEBHOOK_SECRET },
        });
        expect(running.log()).toContain(`webhooks: isolation ${isolation}: `);
        const spinning = fetch(`${running.url}/webhook/spins/handleSpin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-webhook-secret': WEBHOOK_SECRET },
          body: '{}',
        }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(processesNaming(own).length).toBeGreaterThan(0);
        await running.stop('SIGKILL');
        await spinning;
        expect(await processesLeftNaming(own)).toEqual([]);
      } finally {
        for (const pid of processesNaming(own)) process.kill(pid, 'SIGKILL');
        rmSync(own, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
