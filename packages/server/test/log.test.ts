/**
 * The service's one log, from the real `gatehouse serve` process: one JSON record per line when
 * stderr is not a terminal (start-up summary, lifecycle, the libraries' lines and the request log
 * alike), `--log-level` choosing what is written, request ids in records and answers, and
 * pino-pretty's lines with `--log-format pretty`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/ports.js';
import { useApps } from './support/app.js';
import { binPath, cleanEnv, firstPassword, runCli, useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const start = useApps();
const tempDir = useTempDirs();

interface LogRecord {
  level: number;
  time: number;
  pid: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
  res?: { statusCode: number };
}

/** Every line of `stderr` as a record; fails the test on a line that is not one JSON object. */
function records(stderr: string): LogRecord[] {
  return stderr
    .trim()
    .split('\n')
    .map((line) => {
      const record = JSON.parse(line) as LogRecord;
      expect(record, line).toMatchObject({
        level: expect.any(Number),
        time: expect.any(Number),
        msg: expect.any(String),
      });
      return record;
    });
}

const DEBUG = 20;
const INFO = 30;
const WARN = 40;

describe('the service log', () => {
  it('is one JSON record per line, summary and lifecycle included; DEBUG is off by default', async () => {
    const service = await serve(tempDir());
    const badToken = await fetch(`${service.url}/auth/user`, { headers: { 'x-jwt': 'eyJx.eyJy.z' } });
    expect(badToken.status).toBe(401);
    expect(await service.stop()).toBe(0);
    const log = records(service.stderr());
    const messages = log.map((record) => record.msg);
    expect(messages).toContainEqual(expect.stringMatching(/^listening on http:\/\/127\.0\.0\.1:\d+/));
    expect(messages).toContainEqual(expect.stringMatching(/^first credential created/));
    expect(messages).toContain('ready (stop with SIGTERM or Ctrl-C)');
    expect(messages).toContain('stopped');
    expect(log.every((record) => record.level >= INFO)).toBe(true);
    expect(messages.join('\n')).not.toMatch(/token refused|\[DEBUG\]|^gatehouse: /m);
    expect(log.find((record) => record.msg.startsWith('first credential'))?.level).toBe(WARN);
  });

  it('--log-level debug adds the libraries DEBUG lines, at level debug and without their tag', async () => {
    const service = await serve(tempDir(), ['--log-level', 'debug']);
    await fetch(`${service.url}/auth/user`, { headers: { 'x-jwt': 'eyJx.eyJy.z' } });
    expect(await service.stop()).toBe(0);
    const refused = records(service.stderr()).filter((record) => record.msg.startsWith('token refused'));
    expect(refused).toHaveLength(1);
    expect(refused[0]!.level).toBe(DEBUG);
    expect(service.stderr()).not.toContain('[DEBUG]');
  });

  it('--log-level warn leaves out info records but still shows the first credential', async () => {
    const cwd = tempDir();
    const port = await freePort();
    const child = spawn(process.execPath, [binPath, 'serve', '--port', String(port), '--log-level', 'warn'], {
      cwd,
      env: cleanEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      for (;;) {
        const up = await fetch(`http://127.0.0.1:${port}/ping`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const log = records(stderr);
    expect(log.every((record) => record.level >= WARN)).toBe(true);
    expect(log.map((record) => record.msg)).toContainEqual(
      expect.stringMatching(/^first credential created/),
    );
  });

  it('--verbose logs each request with the id the answer carries in X-Request-Id', async () => {
    const service = await serve(tempDir(), ['--verbose']);
    const response = await fetch(`${service.url}/ping?token=abc`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await service.stop()).toBe(0);
    const ofRequest = records(service.stderr()).filter((record) => record.reqId === id);
    expect(ofRequest.map((record) => record.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest[0]!.req!.url).toBe('/ping?token=***');
    expect(ofRequest[1]!.res!.statusCode).toBe(200);
  });

  it('--log-format pretty writes pino-pretty lines instead of JSON', async () => {
    const service = await serve(tempDir(), ['--log-format', 'pretty']);
    const password = firstPassword(service);
    expect(await service.stop()).toBe(0);
    const lines = service.stderr().trim().split('\n');
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    expect(service.stderr()).toMatch(/INFO.*: listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(service.stderr()).toContain(password);
  });

  it('on a terminal (auto) writes pino-pretty lines', async () => {
    const cwd = tempDir();
    const port = await freePort();
    // script(1) gives the service a pseudo-terminal as stdin, stdout and stderr.
    const command = `${process.execPath} ${binPath} serve --port ${port}`;
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env: cleanEnv(), stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      for (let i = 0; i < 400 && !output.includes('ready (stop with SIGTERM'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
    const esc = String.fromCharCode(27);
    const colours = new RegExp(`${esc}\\[[0-9;]*m`, 'g'); // a terminal gets them too
    expect(output).toMatch(colours);
    const text = output.replace(colours, '');
    expect(text).toMatch(/\] INFO: listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(text).not.toMatch(/^\{"level"/m);
  });

  it('takes the request id a trusted proxy sent (server.trustProxy), and makes its own otherwise', async () => {
    const behindProxy = await start({ server: { trustProxy: ['127.0.0.1'] } });
    const named = await fetch(`${behindProxy.url}/ping`, { headers: { 'x-request-id': 'proxy-id-42' } });
    expect(named.headers.get('x-request-id')).toBe('proxy-id-42');
    const direct = await start();
    const ignored = await fetch(`${direct.url}/ping`, { headers: { 'x-request-id': 'client-id' } });
    expect(ignored.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a start that fails is a fatal record too, and exits 1', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const result = await runCli(['serve', '--port', String(port)], { cwd: tempDir() });
      expect(result.code).toBe(1);
      const fatal = records(result.stderr).filter((record) => record.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]!.msg).toMatch(/^not started: .*EADDRINUSE/);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('refuses an unknown level, naming the key and the levels', async () => {
    const result = await runCli(['serve', '--log-level', 'loud'], { cwd: tempDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('server.logLevel');
    expect(result.stderr).toContain('expected one of fatal, error, warn, info, debug, trace, silent');
  });
});
