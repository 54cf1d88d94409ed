/**
 * @module access/groups
 * The route groups of the service, one line each: which routes belong to the group, whether they
 * write, the rule that applies when `access.<group>` is not set, and the error format of refusals.
 * Every route the app registers must fall into exactly one group (or be part of the way in, the
 * always-public login routes), otherwise the service refuses to start: a route nobody classified is
 * never silently public. To add a group, add one line here; `access.<name>` then exists in the config.
 */
import type { RuleSpec } from './rules.js';

/** The settings that move routes (kept apart from the whole config, whose type depends on this file). */
export interface RoutePaths {
  readonly resources: { readonly prefix: string };
  readonly avatars: { readonly routePath: string };
}

/** How a refusal is written: PuppetDB's plain text for `/pdb`, `{"error": ...}` elsewhere. */
export type ErrorFormat = 'json' | 'text';

export interface RouteGroup {
  /** What the routes are, for the start-up summary. */
  readonly summary: string;
  /** True when a request can change state (such a group is never public by accident). */
  readonly writes: boolean;
  /** The rule when `access.<group>` is not set; any one of them lets a request in. */
  readonly defaultRule: readonly RuleSpec[];
  readonly format: ErrorFormat;
  /** Route paths as Fastify registers them: exact, or ending in `*` for everything below. */
  readonly routes: (config: RoutePaths) => readonly string[];
}

const pdb = (config: RoutePaths) => `/${config.resources.prefix}`;

/** Where the auth routes live in the service (login, logout, user, the avatar route below it). */
export const authMountPath = '/auth';

/** The endpoint reverse proxies ask (nginx `auth_request`, Caddy `forward_auth`, Traefik ForwardAuth). */
export const forwardAuthPath = `${authMountPath}/forward`;

export const routeGroups = {
  queries: {
    summary: 'PuppetDB queries',
    writes: false,
    defaultRule: ['loopback', 'authenticated'],
    format: 'text',
    routes: (c) => [`${pdb(c)}/query/*`],
  },
  commands: {
    summary: 'PuppetDB commands',
    writes: true,
    defaultRule: ['loopback'],
    format: 'text',
    routes: (c) => [`${pdb(c)}/cmd/*`],
  },
  meta: {
    summary: 'health, version and API description',
    writes: false,
    defaultRule: ['public'],
    format: 'json',
    routes: (c) => ['/ping', '/ready', '/openapi.json', '/docs', '/docs/*', `${pdb(c)}/meta/*`, '/status/*'],
  },
  avatars: {
    summary: 'avatar pictures',
    writes: false,
    defaultRule: ['public'],
    format: 'json',
    routes: (c) => [`${c.avatars.routePath}/*`],
  },
  admin: {
    summary: 'administration',
    writes: true,
    defaultRule: ['loopback', 'admin'],
    format: 'json',
    routes: () => ['/admin/*'],
  },
  webhooks: {
    summary: 'webhook calls',
    writes: true,
    defaultRule: ['loopback'],
    format: 'json',
    routes: () => ['/webhook/*'],
  },
  forward: {
    summary: 'forward authentication for reverse proxies',
    writes: false,
    defaultRule: ['public'], // it answers 401/403 itself: that is what a proxy asks it for
    format: 'json',
    routes: () => [forwardAuthPath],
  },
  metrics: {
    summary: 'metrics',
    writes: false,
    defaultRule: ['loopback'],
    format: 'text',
    routes: () => ['/metrics', '/metrics/v2/*'], // Prometheus; PuppetDB's Jolokia (resources)
  },
} as const satisfies Record<string, RouteGroup>;

export type GroupName = keyof typeof routeGroups;

export const groupNames = Object.keys(routeGroups) as GroupName[];

/** Groups whose routes write. */
export const writingGroups = groupNames.filter((name) => routeGroups[name].writes);

/** The way in: login, logout, the user and the demo page are public by nature, never configured. */
export const wayInRoutes: readonly string[] = ['/', authMountPath, `${authMountPath}/*`];
