/**
 * What the benchmarks that run peers in processes share: a free port, a process tree's CPU time
 * (the service's workers are children of the first process), and nginx in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

/** A port the system just handed out and released; the caller binds it right away. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** user + system CPU time in µs of a process and its children, from /proc. */
export function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  let cpu = (Number(stat[11]) + Number(stat[12])) * TICK_US;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) cpu += cpuOf(child);
  }
  return cpu;
}

/**
 * Starts nginx (one worker, no access log, its temporary files in `dir`) with keep-alive
 * `upstreams` ({ name: port }) and the `servers` blocks given, and returns its process.
 */
export function startNginx(dir, nginxPath, upstreams, servers) {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const upstreamBlocks = Object.entries(upstreams).map(
    ([name, port]) =>
      `upstream ${name} { server 127.0.0.1:${port}; keepalive 32; keepalive_requests 1000000; }`,
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  ${upstreamBlocks.join('\n  ')}
${servers}
}
`,
  );
  return spawn(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: 'ignore',
  });
}

/**
 * nginx's forward-auth pair of locations (the README's recipe): `path` proxied to `upstream` once
 * the internal subrequest to `auth` allows it; with `passUser`, the user the service names goes on
 * to the upstream in `X-Auth-Request-User`.
 */
export function authRequestLocations({ path, check, auth, upstream, passUser = false }) {
  const user = passUser
    ? `
      auth_request_set $gatehouse_user $upstream_http_x_auth_request_user;
      proxy_set_header X-Auth-Request-User $gatehouse_user;
      proxy_set_header Connection "";`
    : '';
  return `
    location ${path} {
      auth_request ${check};${user}
      proxy_pass http://${upstream};
    }
    location = ${check} {
      internal;
      proxy_pass ${auth};
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-Method $request_method;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Uri $request_uri;
    }`;
}
