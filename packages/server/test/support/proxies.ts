/**
 * Real reverse proxies for the forward-auth tests: Debian's nginx and Caddy (installed by
 * scripts/setup/60-proxies.sh, paths in NGINX_PATH and CADDY_PATH), started on free ports of
 * 127.0.0.1 with the configurations the server README documents, in front of an upstream that
 * echoes what it receives. Everything is stopped after the test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { freePort } from '../../../../test-support/ports.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/**
 * The README's code blocks of one language, each keyed by the file its first line names
 * (`# /etc/nginx/snippets/gatehouse-auth.conf`).
 */
export function readmeFiles(language: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, body] of readme.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))) {
    const name = /^# (\S+?):?(?:\s|$)/.exec(body!)?.[1];
    if (name) files.set(name, body!);
  }
  return files;
}

/** What the echo upstream received. */
export interface Echoed {
  method: string;
  url: string;
  headers: Record<string, string>;
}

async function waitForPort(port: number, process: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (process.exitCode !== null) throw new Error(`proxy exited (${process.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.destroy() !== undefined));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`proxy did not listen on ${port}: ${log()}`);
}

function executable(name: 'NGINX_PATH' | 'CADDY_PATH'): string {
  const path = process.env[name];
  if (!path) throw new Error(`${name} is not set: run \`make test-setup\` (scripts/setup/60-proxies.sh)`);
  return path;
}

export interface Addresses {
  /** Gatehouse, as `127.0.0.1:<port>`. */
  gatehouse: string;
  /** The protected application, as `127.0.0.1:<port>`. */
  upstream: string;
}

/** The forward-auth examples' addresses (Gatehouse on 8080, the application on 3000): README's → the test's. */
function forwardAuthAddresses(addresses: Addresses): Record<string, string> {
  return { '127.0.0.1:8080': addresses.gatehouse, '127.0.0.1:3000': addresses.upstream };
}

/** `text` with each of the README's addresses replaced by the test's. */
function localise(text: string, addresses: Readonly<Record<string, string>>): string {
  let local = text;
  for (const [readmeAddress, testAddress] of Object.entries(addresses))
    local = local.replaceAll(readmeAddress, testAddress);
  return local;
}

export function useProxies(tempDir: () => string) {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  async function run(command: string, args: string[], port: number, env: NodeJS.ProcessEnv = {}) {
    let output = '';
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    stops.push(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    });
    await waitForPort(port, child, () => output);
    return `http://127.0.0.1:${port}`;
  }

  /**
   * nginx with the README's snippets and its site `name` (the block whose first line names that
   * file), the README's addresses in it replaced by `addresses`, listening on `port` of 127.0.0.1
   * (default: a free one); returns its base URL.
   */
  async function nginxSite(
    name: string,
    addresses: Readonly<Record<string, string>>,
    port?: number,
  ): Promise<string> {
    const dir = tempDir();
    port ??= await freePort();
    const files = readmeFiles('nginx');
    for (const [file, body] of files) {
      if (file.includes('/snippets/')) writeFileSync(join(dir, file.slice(file.lastIndexOf('/') + 1)), body);
    }
    const readmeSite = files.get(name);
    if (readmeSite === undefined) throw new Error(`the README has no nginx block for ${name}`);
    const site = localise(readmeSite, addresses)
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
      .replaceAll('include snippets/', `include ${dir}/`);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
    const conf = [
      'daemon off;',
      'worker_processes 1;',
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${dir}/${temp};`,
      ),
      site,
      '}',
    ].join('\n');
    writeFileSync(join(dir, 'nginx.conf'), conf);
    return run(
      executable('NGINX_PATH'),
      ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
      port,
    );
  }

  return {
    /** An upstream answering every request with what it received, as JSON. */
    async echo(): Promise<string> {
      const server: Server = createServer((request, response) => {
        const echoed: Echoed = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers as Record<string, string>,
        };
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(echoed));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      stops.push(() => new Promise((resolve) => server.close(() => resolve())));
      return `127.0.0.1:${(server.address() as AddressInfo).port}`;
    },

    /** nginx with the README's forward-auth site and snippets; returns its base URL. */
    nginx(addresses: Addresses): Promise<string> {
      return nginxSite('/etc/nginx/sites-enabled/app.example.com', forwardAuthAddresses(addresses));
    },

    nginxSite,

    /** Caddy with the README's Caddyfile (the site as plain HTTP on 127.0.0.1, no admin endpoint); returns its base URL. */
    async caddy(addresses: Addresses): Promise<string> {
      const dir = tempDir();
      const port = await freePort();
      const caddyfile = localise(
        [...readmeFiles('caddyfile').values()].join('\n'),
        forwardAuthAddresses(addresses),
      ).replace(/^app\.example\.com \{/m, `http://127.0.0.1:${port} {\n\tbind 127.0.0.1`);
      writeFileSync(join(dir, 'Caddyfile'), `{\n\tadmin off\n\tauto_https off\n}\n${caddyfile}`);
      const env = { HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
      return run(
        executable('CADDY_PATH'),
        ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
        port,
        env,
      );
    },
  };
}
