/**
 * @module commands/webhooks
 * `gatehouse webhooks list|deliveries [MODULE]`: what the running service serves and what senders
 * sent it, asked over loopback (`GET /admin/webhooks`, `GET /admin/webhooks/deliveries`, admin
 * routes the default `access.admin` rule lets in from this machine). `list` prints one line per
 * route: module, path, method, scheme, limits and file; `deliveries` prints the delivery inbox
 * (`webhooks.inbox`), newest first, each with its redacted headers and its (cut) body.
 */
import type { Delivery, RouteInfo } from '@gatehouse/webhooks';
import { type Command, exitCodes, parseFlags, UsageError } from '../cli/command.js';
import { flagHelp, flagOptions, loadConfigWithFlags, portFlag } from '../cli/config-flags.js';
import { getFromService } from '../cli/service-client.js';

const usage = `Usage: gatehouse webhooks list [flags]
       gatehouse webhooks deliveries [MODULE] [flags]

Asks the running service on this machine (over loopback; the config names where it listens).
"list" prints each webhook route: module, path, method, signature scheme, timeout, concurrency,
queue limit, raw body, and the module's file. "deliveries" prints the recent deliveries the inbox
kept (webhooks.inbox; off by default), of one module or all, newest first, with their answer status,
duration, headers (secrets and signatures redacted) and body (cut at webhooks.inbox.bodyBytes).

Flags:
  --json              print the service's JSON answer as it is
${flagHelp([portFlag])}`;

const options = { ...flagOptions([portFlag]), json: { type: 'boolean' as const } };

async function ask(config: Parameters<typeof getFromService>[0], path: string) {
  const answer = await getFromService(config, path);
  if (answer.status !== 200) {
    const error = (JSON.parse(answer.body || '{}') as { error?: string }).error ?? answer.body;
    throw new Error(`the service answered ${answer.status}: ${error}`);
  }
  return answer.body;
}

function routeLine(r: RouteInfo): string {
  const limits = `timeout ${r.timeoutMs} ms, concurrency ${r.concurrency}, queue ${r.queueLimit}${r.raw ? ', raw body' : ''}`;
  return `${r.module}\t/webhook/${r.module}/${r.path}\t${r.method}\tsignature ${r.signature}\t${limits}\t${r.file}`;
}

function deliveryLines(d: Delivery): string[] {
  const query = d.query ? `?${d.query}` : '';
  const lines = [
    `${d.at}\t${d.module}/${d.route}${query}\t${d.status}${d.replayed ? ' (replayed)' : ''}\t${d.durationMs} ms`,
  ];
  for (const [name, value] of Object.entries(d.headers)) lines.push(`  ${name}: ${value}`);
  const cut = d.bodyCut ? ` (first bytes of ${d.bodySize})` : '';
  lines.push(`  body${cut}: ${d.body}`);
  return lines;
}

export const webhooksCommand: Command = {
  name: 'webhooks',
  summary: 'list the running service’s webhook routes, or its recent deliveries (list|deliveries [MODULE])',
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags('webhooks', args, options, 2);
    if (values.help) {
      io.stdout(usage);
      return exitCodes.ok;
    }
    const [action, module] = positionals;
    if ((action !== 'list' && action !== 'deliveries') || (action === 'list' && module !== undefined)) {
      throw new UsageError(
        'gatehouse webhooks: expected "list" or "deliveries [MODULE]" (see: gatehouse webhooks --help)',
      );
    }
    const { config } = loadConfigWithFlags([portFlag], values, io);
    const path =
      action === 'list'
        ? '/admin/webhooks'
        : `/admin/webhooks/deliveries${module === undefined ? '' : `?module=${encodeURIComponent(module)}`}`;
    let body: string;
    try {
      body = await ask(config, path);
    } catch (error) {
      io.stderr(`gatehouse webhooks: ${(error as Error).message}`);
      return exitCodes.failure;
    }
    if (values.json) {
      io.stdout(body);
      return exitCodes.ok;
    }
    if (action === 'list') {
      const { routes } = JSON.parse(body) as { routes: RouteInfo[] };
      for (const route of routes) io.stdout(routeLine(route));
      io.stderr(`${routes.length} webhook route(s)`);
    } else {
      const { deliveries } = JSON.parse(body) as { deliveries: Delivery[] };
      for (const delivery of deliveries) for (const line of deliveryLines(delivery)) io.stdout(line);
      io.stderr(`${deliveries.length} deliver${deliveries.length === 1 ? 'y' : 'ies'}`);
    }
    return exitCodes.ok;
  },
};
