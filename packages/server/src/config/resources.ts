/**
 * @module config/resources
 * Section `resources`: the PuppetDB-compatible resource API (`@gatehouse/resources`).
 * `database` is an SQLite file (default `<dataDir>/resources.db`) or a `postgres://` URL
 * (also from GATEHOUSE_RESOURCES_DATABASE, so a password stays out of the file). TTLs are
 * durations; `0s` turns expiry, purge or the collector off.
 */
import * as z from 'zod';
import { duration, text } from './fields.js';

const expectedPrefix = 'expected path segments like "pdb" (letters, digits, . _ ~ -)';

export const resourcesSection = z
  .strictObject({
    /** SQLite file path or postgres:// URL; unset means `<dataDir>/resources.db`. */
    database: text.optional(),
    /** First path segment of every route: `/{prefix}/query/v4/...`, `/{prefix}/cmd/v1`. */
    prefix: z
      .string({ error: expectedPrefix })
      .regex(/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, { error: expectedPrefix })
      .prefault('pdb'),
    /** Expire nodes with no new catalog, facts or report for this long (PuppetDB's node-ttl). */
    nodeTtl: duration('7d'),
    /** Delete nodes deactivated or expired for this long (PuppetDB's node-purge-ttl). */
    purgeTtl: duration('14d'),
    /** How often expiry and purge run (PuppetDB's gc-interval). */
    gcInterval: duration('60m'),
    /** Compress query answers (gzip, br, deflate) when the client's Accept-Encoding asks. */
    compression: z.boolean({ error: 'expected true or false' }).default(true),
    /** Answers shorter than this many bytes are sent uncompressed. */
    compressionMinBytes: z
      .int({ error: 'expected a whole number of bytes' })
      .min(0, { error: 'expected at least 0 bytes' })
      .default(1024),
  })
  .prefault({});

export type ResourcesConfig = z.output<typeof resourcesSection>;
