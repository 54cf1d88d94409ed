/**
 * @module areas/area
 * The contract of one area of the service (health, auth, resources, webhooks): a function called
 * with the ROOT Fastify instance, in the order of `app.ts`. An area puts its routes in its own child
 * context (`app.register(async (child) => ...)`) so its hooks and parsers stay inside, guards them
 * with `context.auth.fastify.auth()` (or `admin()`, `rbac(...)`) as an `onRequest` hook, and adds an
 * `onClose` hook for each store it opens, so graceful shutdown closes it.
 */
import type { Service } from '@gatehouse/auth';
import type { FastifyInstance } from 'fastify';
import type { GatehouseConfig } from '../config/schema.js';
import type { DataFolder } from '../data/folder.js';
import type { Logger } from '../logging.js';

export interface AreaContext {
  readonly config: GatehouseConfig;
  readonly data: DataFolder;
  /** The service's stderr logger; pass it to libraries as their `Logger`. */
  readonly logger: Logger;
  /** External base URL, no trailing slash. */
  readonly serviceURL: string;
  /** The one auth Service: guard hooks for routes, the providers, the token service. */
  readonly auth: Service;
  /** Adds a line to the start-up summary (e.g. `auth: providers local`). */
  readonly announce: (line: string) => void;
}

export type Area = (app: FastifyInstance, context: AreaContext) => Promise<void>;
