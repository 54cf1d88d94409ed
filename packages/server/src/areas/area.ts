/**
 * @module areas/area
 * The contract of one area of the service (health, auth, resources, webhooks): a function that adds
 * its routes and hooks to its own encapsulated Fastify context and registers `onClose` hooks for
 * whatever it opened, so that graceful shutdown closes its stores.
 */
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
  /** Adds a line to the start-up summary (e.g. `auth: providers local`). */
  readonly announce: (line: string) => void;
}

export type Area = (app: FastifyInstance, context: AreaContext) => Promise<void>;
