/**
 * @module commands/serve
 * `gatehouse serve`: starts the service and runs until SIGTERM or SIGINT, then shuts down gracefully
 * (exit 0; exit 1 when in-flight requests had to be cut after `server.shutdownTimeout`). A second
 * signal cuts at once. Unexpected errors follow process-policy.ts (logged, exit 1). To add a flag that sets a config key, add its row to {@link serveFlags}.
 */
import { devPortFlag, devProviderFlag } from '../areas/auth/login-providers.js';
import { modulesFlag } from '../areas/webhooks/area.js';
import { type Command, exitCodes, helpColumns, parseFlags, UsageError } from '../cli/command.js';
import {
  avatarStoreFlag,
  dataDirFlag,
  flagHelp,
  flagOptions,
  hostFlag,
  loadConfigWithFlags,
  logFormatFlag,
  logLevelFlag,
  portFlag,
  urlFlag,
  verboseFlag,
} from '../cli/config-flags.js';
import { WorkerGroup } from '../cluster/primary.js';
import { primaryChannel } from '../cluster/primary-channel.js';
import { runWorker } from '../cluster/worker.js';
import { planWorkers, type WorkerPlan } from '../cluster/workers.js';
import { assertPaths } from '../config/check-paths.js';
import type { GatehouseConfig } from '../config/schema.js';
import { environmentVariables } from '../config/sources.js';
import type { ServiceLog } from '../logging.js';
import { installProcessPolicy } from '../process-policy.js';
import { type RunningService, serviceLogOf, startService } from '../serve.js';
import { ConfigError } from '../settings/errors.js';
import type { ConfigFlag } from '../settings/text-values.js';

/** The flags of `serve`, in help order. */
export const serveFlags: readonly ConfigFlag[] = [
  portFlag,
  hostFlag,
  urlFlag,
  dataDirFlag,
  avatarStoreFlag,
  devProviderFlag,
  devPortFlag,
  modulesFlag,
  verboseFlag,
  logLevelFlag,
  logFormatFlag,
];

const usage = `Usage: gatehouse serve [flags]

Starts the service (auth at /auth, GET /ping for health checks). With no configuration it listens on
http://127.0.0.1:8080 and keeps a generated signing secret and a credentials file in the data folder.

Flags (override environment variables, which override the config file):
${flagHelp(serveFlags)}

Environment variables:
${environmentHelp()}

Exit codes: 0 stopped by SIGTERM/SIGINT, 1 failed, had to cut requests or ended unexpectedly
(uncaught error, process.exit from trusted module code), 2 bad flags or config.`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'start the service (default http://127.0.0.1:8080)',
  usage,
  async run(args, io) {
    const primary = primaryChannel();
    if (primary) return exitSoon(await runWorker(primary, io.stderr));
    const { values } = parseFlags('serve', args, flagOptions(serveFlags));
    if (values.help) {
      io.stdout(usage);
      return exitCodes.ok;
    }
    const loaded = loadConfigWithFlags(serveFlags, values, io);
    const { config, file } = loaded;
    assertPaths(loaded, io.cwd); // its notes are for config check: the areas say the same at start-up
    const log = serviceLogOf(config, io.stderr);
    const policy = installProcessPolicy(log);
    const stopRequested = nextSignal();
    let group: WorkerGroup | undefined;
    let plan: WorkerPlan;
    let service: RunningService;
    try {
      plan = planWorkers(config);
      if (plan.count > 1) group = new WorkerGroup(log);
      service = await startService(config, { log, configFile: file, ...(group && { role: group }) });
    } catch (error) {
      // Into the log like everything else the service says (the same words `gatehouse serve: ...`
      // had), with exit 2 for a setting the service cannot honour, 1 for anything else.
      const setting = error instanceof ConfigError || error instanceof UsageError;
      log.fatal(
        { err: error },
        setting ? (error as Error).message : `not started: ${(error as Error).message}`,
      );
      return setting ? exitCodes.usage : exitCodes.failure;
    }
    log.info('ready (stop with SIGTERM or Ctrl-C)');
    if (group) startWorkers(group, plan.count - 1, { config, configFile: file, port: service.port, log });
    const signal = await stopRequested;
    policy.stopping();
    log.info(`${signal} received, finishing in-flight requests (up to ${config.server.shutdownTimeout} ms)`);
    const cut = () => {
      group?.tell('cut');
      void service.close();
    };
    process.once('SIGTERM', cut);
    process.once('SIGINT', cut);
    group?.tell('stop');
    const clean = (await service.close()) && (group ? (await group.ended()) === 0 : true);
    if (clean) log.info('stopped');
    else log.warn('stopped after cutting unfinished requests');
    return exitSoon(clean ? exitCodes.ok : exitCodes.failure);
  },
};

/** The workers besides this process, started once it listens; SIGHUP is handed on to them. */
function startWorkers(
  group: WorkerGroup,
  count: number,
  options: { config: GatehouseConfig; configFile: string | undefined; port: number; log: ServiceLog },
): void {
  const { config, configFile, port, log } = options;
  process.on('SIGHUP', group.reload);
  const start = { config: { ...config, server: { ...config.server, port } }, configFile };
  void group.start(count, start).then((listening) => {
    log.info(`workers: ${listening + 1} of ${count + 1} processes listening`);
  });
}

/** Every store is closed now; a timer or handle some library forgot must not keep the process alive. */
function exitSoon(code: number): number {
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}

/** One aligned line per environment variable, GATEHOUSE_CONFIG last. */
function environmentHelp(): string {
  const rows = [
    ...environmentVariables.map((v): [string, string] => [v.name, `${v.doc} (${v.key})`]),
    ['GATEHOUSE_CONFIG', 'config file, like --config'] as [string, string],
  ];
  return helpColumns(rows);
}

function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', on);
      process.off('SIGINT', on);
      resolve(signal);
    };
    process.on('SIGTERM', on);
    process.on('SIGINT', on);
  });
}
