/**
 * @module areas/area
 * The contract of one area of the service (health, auth, resources, webhooks): a function called
 * with the ROOT Fastify instance, in the order of `app.ts`. An area puts its routes in its own child
 * context (`app.register(async (child) => ...)`) so its hooks and parsers stay inside, and adds an
 * `onClose` hook for each store it opens, so graceful shutdown closes it. Guarding is not the area's
 * business: every route gets the rule of its route group (`access/groups.ts`) when it is registered.
 * What an area reads of the configuration comes as its own `settings` (its section, and the few keys
 * of others it needs, named by the area's settings type); the context holds what every area shares.
 */
import type { Service, StateStore } from '@gatehouse/auth';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.js';
import type { DataFolder } from '../data/folder.js';
import type { Logger, ServiceLog } from '../logging.js';
import type { ApiDocument } from '../service/api-document.js';
import type { Readiness } from '../service/readiness.js';
import type { ServiceMetrics } from '../service/service-metrics.js';
import type { PeerChannel } from '../state/peer-channel.js';
import type { StateEvents } from '../state/state-events.js';

export interface AreaContext {
  readonly data: DataFolder;
  /** The service's log as the libraries' `Logger`; pass it to them. */
  readonly logger: Logger;
  /** The service's log itself (Fastify's), for the service's own records. */
  readonly log: ServiceLog;
  /** `GET /ready`: an area adds a check for each store or load it depends on. */
  readonly readiness: Readiness;
  /** The service's Prometheus metrics (`GET /metrics`); an area feeds what only it can see. */
  readonly metrics: ServiceMetrics;
  /** The OpenAPI document (`GET /openapi.json`); an area adds path items that change at run time. */
  readonly openapi: ApiDocument;
  /** External base URL, no trailing slash. */
  readonly serviceURL: string;
  /** The one auth Service: the providers, the token service, revocation. */
  readonly auth: Service;
  /** The access rules; `access.hook(group)` for a route outside the group's paths. */
  readonly access: Access;
  /**
   * The service's shared state (a `StateStore`: one-time values and counters with expiry), for any
   * library that declares the same small interface (webhook replay records, rate limits...).
   */
  readonly stateStore: StateStore;
  /**
   * Decisions of the shared state as they happen, here and on every other instance (`onRevoked`,
   * `onThrottle`): a cache of what the store decides subscribes, and forgets what changed.
   */
  readonly stateEvents: StateEvents;
  /** PostgreSQL: the channel through which instances push what happened; memory: none. */
  readonly peers: PeerChannel | undefined;
  /** Adds a line to the start-up summary (e.g. `auth: providers local`). */
  readonly announce: (line: string) => void;
}

/** An area, given the part of the configuration it reads (`void` for an area that reads none). */
export type Area<Settings = void> = (
  app: FastifyInstance,
  context: AreaContext,
  settings: Settings,
) => Promise<void>;

/** An area bound to its settings, as `app.ts` lists them. */
export type BoundArea = (app: FastifyInstance, context: AreaContext) => Promise<void>;

/** Binds an area to its settings. */
export function withSettings<Settings>(area: Area<Settings>, settings: Settings): BoundArea {
  return (app, context) => area(app, context, settings);
}
