/**
 * @module metrics/jolokia
 * PuppetDB's metrics API v2 is Jolokia, and its clients read two operations of it: `list` (every
 * mbean, `{"value": {domain: {"name=x": {desc, attr}}}}`) and `read` of one mbean (`{"value":
 * {attribute: value}}`), which puppetboard's overview and metrics pages and pypuppetdb's
 * `metric()` call. This module answers both from this service's figures: PuppetDB's population
 * mbeans and its command-processing (`mq`) ones. Names in a GET path use Jolokia's escapes
 * (`!/` for `/`, `!!` for `!`, `!"` for `"`).
 */
import type { QueueStats } from '../commands/command-queue.js';
import type { CommandFigures } from './command-figures.js';
import type { Population } from './population.js';

export type Attributes = Readonly<Record<string, unknown>>;

/** Where the figures come from; each read asks them afresh. */
export interface FigureSources {
  readonly population: () => Promise<Population>;
  readonly commands: CommandFigures;
  readonly queue: () => Promise<QueueStats>;
}

interface MBean {
  readonly desc: string;
  readonly read: (sources: FigureSources) => Promise<Attributes>;
}

const POPULATION = 'puppetlabs.puppetdb.population';
const MQ = 'puppetlabs.puppetdb.mq';

const population = (desc: string, pick: (p: Population) => number): MBean => ({
  desc,
  read: async (s) => ({ Value: pick(await s.population()) }),
});

/** Every mbean by its full name (`domain:name=x`). */
const MBEANS: Readonly<Record<string, MBean>> = {
  [`${POPULATION}:name=num-nodes`]: population('Active nodes', (p) => p.numNodes),
  [`${POPULATION}:name=num-resources`]: population('Resources of active nodes', (p) => p.numResources),
  [`${POPULATION}:name=avg-resources-per-node`]: population(
    'Resources per active node',
    (p) => p.avgResourcesPerNode,
  ),
  [`${POPULATION}:name=pct-resource-dupes`]: population(
    'Share of resources that duplicate another node\u2019s (0 to 1)',
    (p) => p.pctResourceDupes,
  ),
  [`${MQ}:name=global.processed`]: {
    desc: 'Commands this instance applied',
    read: async (s) => s.commands.processed,
  },
  [`${MQ}:name=global.fatal`]: {
    desc: 'Commands this instance failed to apply on every attempt',
    read: async (s) => s.commands.fatal,
  },
  [`${MQ}:name=global.processing-time`]: {
    desc: 'Milliseconds from arrival to applied',
    read: async (s) => s.commands.processingTime,
  },
  [`${MQ}:name=global.depth`]: {
    desc: 'Commands stored and not yet applied',
    read: async (s) => ({ Count: (await s.queue()).depth }),
  },
  [`${MQ}:name=global.discarded`]: {
    desc: 'Commands kept as dead letters',
    read: async (s) => ({ Count: (await s.queue()).deadLetters }),
  },
};

const seconds = () => Math.floor(Date.now() / 1000);

/** The `list` answer: every mbean with its attributes, by domain. */
export async function jolokiaList(sources: FigureSources): Promise<Attributes> {
  const value: Record<string, Record<string, unknown>> = {};
  for (const [name, mbean] of Object.entries(MBEANS)) {
    const [domain, properties] = name.split(':', 2) as [string, string];
    const attributes = await mbean.read(sources);
    const attr = Object.fromEntries(
      Object.entries(attributes).map(([key, v]) => [
        key,
        { rw: false, type: typeof v === 'number' ? 'java.lang.Number' : 'java.lang.String', desc: key },
      ]),
    );
    value[domain] = { ...value[domain], [properties]: { desc: mbean.desc, attr } };
  }
  return { request: { type: 'list' }, value, timestamp: seconds(), status: 200 };
}

/** Splits a GET path at the slashes Jolokia's escapes leave unescaped, and unescapes the parts. */
export function splitJolokiaPath(path: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i += 1) {
    const c = path[i]!;
    if (c === '!' && i + 1 < path.length) {
      current += path[i + 1];
      i += 1;
    } else if (c === '/') {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts.filter((part) => part !== '');
}

/** A Jolokia error answer and its HTTP status. */
export interface JolokiaAnswer {
  readonly status: 200 | 404;
  readonly body: Attributes;
}

function notFound(request: Attributes, errorType: string, message: string): JolokiaAnswer {
  return {
    status: 404,
    body: { request, error_type: errorType, error: `${errorType} : ${message}`, status: 404 },
  };
}

/** The `read` answer of `/metrics/v2/read/<mbean>[/<attribute>]` (path after `read/`). */
export async function jolokiaRead(path: string, sources: FigureSources): Promise<JolokiaAnswer> {
  const [name = '', attribute] = splitJolokiaPath(path);
  const request = { mbean: name, ...(attribute === undefined ? {} : { attribute }), type: 'read' };
  const mbean = Object.hasOwn(MBEANS, name) ? MBEANS[name] : undefined;
  if (!mbean) return notFound(request, 'javax.management.InstanceNotFoundException', name);
  const attributes = await mbean.read(sources);
  if (attribute !== undefined && !Object.hasOwn(attributes, attribute)) {
    return notFound(
      request,
      'javax.management.AttributeNotFoundException',
      `No such attribute: ${attribute}`,
    );
  }
  const value = attribute === undefined ? attributes : attributes[attribute];
  return { status: 200, body: { request, value, timestamp: seconds(), status: 200 } };
}
