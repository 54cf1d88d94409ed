/**
 * @module serve
 * Runs the service: opens the data folder, prints the first credential the moment it is created
 * (before listening: a start that then fails must not lose it), builds the app, listens, prints the
 * start-up summary to stderr (where everything lives), and closes gracefully: stop
 * accepting, let in-flight requests finish within `server.shutdownTimeout`, then cut the rest and
 * close the areas' stores.
 */
import { createServer } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { Access } from './access/access.js';
import { isLoopbackHost } from './access/loopback.js';
import { buildApp } from './app.js';
import type { ProcessRole } from './cluster/process-role.js';
import { describeWorkers, planWorkers } from './cluster/workers.js';
import { listeningScheme, serviceURL } from './config/load.js';
import { requestLimitWarnings } from './config/request-limits.js';
import type { GatehouseConfig } from './config/schema.js';
import { type DataFolder, openDataFolder } from './data/folder.js';
import { createServiceLog, type LineWriter, type ServiceLog } from './logging.js';
import { formatHost } from './settings/url-host.js';

export interface RunningService {
  readonly app: FastifyInstance;
  /** The service's log (Fastify's own). */
  readonly log: ServiceLog;
  /** The URL clients use (`server.url`, else the listening address). */
  readonly url: string;
  readonly port: number;
  /** Graceful close; resolves true when no request had to be cut. A second call cuts at once. */
  close(): Promise<boolean>;
}

export interface StartOptions {
  /** The service's log; default: one as `server.logLevel`/`logFormat` say, writing through `write`. */
  log?: ServiceLog;
  /** Where a default log's lines go; default stderr. */
  write?: LineWriter;
  /** The config file read, for the summary. */
  configFile?: string | undefined;
  /** Print the start-up summary (default); a worker leaves it to the primary. */
  summary?: boolean;
  /**
   * This process's part among several (`server.workers`): they all listen on the port with
   * SO_REUSEPORT, and the kernel spreads the connections over them.
   */
  role?: ProcessRole;
}

/** Starts the service on the configured host and port. */
export async function startService(
  config: GatehouseConfig,
  options: StartOptions = {},
): Promise<RunningService> {
  const log = options.log ?? serviceLogOf(config, options.write);
  const { role } = options;
  const { host } = config.server;
  const port = config.server.port === 0 ? await probePort(host, 0) : config.server.port;
  const resolved = { ...config, server: { ...config.server, port } };
  const data = await openDataFolder(resolved);
  const url = serviceURL(resolved);
  // Shown whatever the log level: the password exists nowhere else.
  const credentialLog = log.child({}, { level: 'info' });
  for (const line of firstCredentialLines(resolved, data, url)) credentialLog.warn(line);
  // Processes of one group listen with SO_REUSEPORT, which would let a second service join the
  // port unnoticed: the primary first binds it alone, so a port in use still stops start-up.
  if (role?.primary && config.server.port !== 0) await probePort(host, port);
  const announced: string[] = [];
  const app = await buildApp(resolved, {
    data,
    log,
    announce: (line) => announced.push(line),
    ...(role && { role }),
  });
  try {
    // Node's listen takes reusePort (Linux, Node >= 22.12); Fastify hands it on but does not declare it.
    const listen: FastifyListenOptions & { reusePort?: boolean } = {
      host: resolved.server.host,
      port,
      ...(role && { reusePort: true }),
    };
    await app.listen(listen);
  } catch (error) {
    await app.close(); // the areas opened stores; release them before reporting
    throw error;
  }
  const summary =
    options.summary === false ? [] : startupSummary(resolved, data, url, options.configFile, announced);
  for (const line of summary) {
    if (line.includes('WARNING ')) log.warn(line);
    else log.info(line);
  }
  return { app, log, url, port, close: closer(app, config.server.shutdownTimeout) };
}

/** The log `server.logLevel` and `server.logFormat` ask for, writing through `write`. */
export function serviceLogOf(
  config: { readonly server: Pick<GatehouseConfig['server'], 'logLevel' | 'logFormat'> },
  write?: LineWriter,
): ServiceLog {
  const { logLevel, logFormat } = config.server;
  return createServiceLog({ level: logLevel, format: logFormat, ...(write && { write }) });
}

/** The start-up lines: where everything lives, what the areas announced, warnings. */
export function startupSummary(
  config: Pick<GatehouseConfig, 'server' | 'tls' | 'access' | 'auth'>,
  data: DataFolder,
  url: string,
  configFile: string | undefined,
  announced: readonly string[],
): string[] {
  const { host, port } = config.server;
  const lines = [
    `listening on ${listeningScheme(config)}://${formatHost(host)}:${port} (service URL ${url})`,
    `config ${configFile ?? '(none, embedded defaults)'}`,
    `data folder ${data.dir}`,
    `signing secret ${data.secretFile ? `${data.secretFile}${data.secretCreated ? ' (generated now)' : ''}` : 'from GATEHOUSE_SECRET / auth.secret'}`,
  ];
  if (data.credentials) lines.push(`credentials file ${data.credentials.path}`);
  lines.push(describeWorkers(planWorkers(config)));
  lines.push(...announced, ...Access.describe(config.access));
  lines.push(...data.warnings.map((warning) => `WARNING ${warning}`), ...requestLimitWarnings(config.server));
  if (!isLoopbackHost(host) && url.startsWith('http:')) {
    lines.push(
      `WARNING listening on ${host} with an http:// service URL: cookies travel unencrypted; put TLS in front and set server.url to https://...`,
    );
  }
  return lines;
}

/**
 * The generated first credential, on the start that created the credentials file. The caller prints
 * it at once, before building and listening: the password exists only in this process, so a start
 * that fails later (port taken, bad provider) must already have shown it.
 */
export function firstCredentialLines(
  config: { readonly auth: Pick<GatehouseConfig['auth'], 'audiences' | 'direct'> },
  data: DataFolder,
  url: string,
): string[] {
  if (!data.firstCredential) return [];
  const { user, password } = data.firstCredential;
  // With auth.audiences set, a login without an allowed `aud` is refused: the hint names the first.
  const [site] = config.auth.audiences;
  const aud = site === undefined ? '' : ` -d aud=${encodeURIComponent(site)}`;
  return [
    `first credential created, shown only this once: user "${user}" password "${password}"`,
    `  log in: curl -c cookies.txt -d user=${user} -d passwd=<password>${aud} ${url}/auth/${config.auth.direct.name}/login`,
  ];
}

function closer(app: FastifyInstance, timeoutMs: number): () => Promise<boolean> {
  let closing: Promise<boolean> | undefined;
  return () => {
    if (closing) {
      app.server.closeAllConnections();
      return closing;
    }
    closing = new Promise<boolean>((resolve, reject) => {
      let cut = false;
      const timer = setTimeout(() => {
        cut = true;
        app.server.closeAllConnections();
      }, timeoutMs);
      app.close().then(
        () => {
          clearTimeout(timer);
          resolve(!cut);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
    return closing;
  };
}

/**
 * Binds `port` alone for a moment and gives it back: port 0 asks the system for a free port, chosen
 * before the app is built so that the service URL given to the areas (cookies, redirects, OAuth
 * callbacks) names the real port; any other port is checked to be free.
 */
export async function probePort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => {
      const address = probe.address();
      const chosen = typeof address === 'object' && address !== null ? address.port : port;
      probe.close(() => resolve(chosen));
    });
  });
}
