/**
 * puppetboard 8.1.0 (scripts/setup/17-puppetboard.sh) as a real child process, pointed at a
 * PuppetDB URL: its settings file in a temporary folder, Flask's own server on a free port,
 * started when `/status` answers. `page` fetches with a cookie jar, as a browser would (the query
 * form needs the session cookie that carries its CSRF token).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../../test-support/ports.js';
import { puppetboardPython } from '../pypuppetdb.js';

export interface Puppetboard {
  readonly url: string;
  /** GET (or POST a form) with the cookies puppetboard set so far; the body as text. */
  page(path: string, form?: Record<string, string>): Promise<{ status: number; text: string }>;
  /** The output of the process so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Python settings (puppetboard reads the file PUPPETBOARD_SETTINGS names). */
function settings(pdb: URL, options: Record<string, boolean>): string {
  const flags = Object.entries(options).map(([key, value]) => `${key} = ${value ? 'True' : 'False'}`);
  return [
    `PUPPETDB_HOST = ${JSON.stringify(pdb.hostname)}`,
    `PUPPETDB_PORT = ${pdb.port}`,
    "SECRET_KEY = 'gatehouse-test'",
    'PUPPETDB_TIMEOUT = 30',
    ...flags,
    '',
  ].join('\n');
}

async function waitForStatus(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`puppetboard exited ${child.exitCode}: ${output()}`);
    const up = await fetch(`${url}/status`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`puppetboard did not start within 60 s: ${output()}`);
}

/** Starts puppetboard against the PuppetDB at `pdbUrl` with the given feature flags. */
export async function startPuppetboard(pdbUrl: string, flags: Record<string, boolean>): Promise<Puppetboard> {
  const dir = mkdtempSync(join(tmpdir(), 'puppetboard-'));
  const settingsFile = join(dir, 'settings.py');
  writeFileSync(settingsFile, settings(new URL(pdbUrl), flags));
  const port = await freePort();
  const run = `from puppetboard.app import app; app.run(host="127.0.0.1", port=${port}, threaded=True)`;
  const child = spawn(puppetboardPython(), ['-c', run], {
    env: { ...process.env, PUPPETBOARD_SETTINGS: settingsFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const cookies = new Map<string, string>();
  const page = async (path: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url + path, {
      method: form ? 'POST' : 'GET',
      headers,
      ...(form && { body: new URLSearchParams(form).toString() }),
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';', 1);
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return { status: res.status, text: await res.text() };
  };
  try {
    await waitForStatus(url, child, () => log);
  } catch (error) {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    page,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
