/**
 * @module areas/resources/config
 * Section `resources`: the PuppetDB-compatible resource API (`@gatehouse/resources`).
 * `database` is an SQLite file (default `<dataDir>/resources.db`) or a `postgres://` URL
 * (also from GATEHOUSE_RESOURCES_DATABASE, so a password stays out of the file). TTLs are
 * durations; `0s` turns expiry, purge, the collector or the query time bound off. SQLite reads run
 * in a pool of worker threads (`readWorkers`, `readQueueLimit`).
 */
import { defaults } from '@gatehouse/resources';
import * as z from 'zod';
import { count, duration, text } from '../../settings/fields.js';

const expectedPrefix = 'expected path segments like "pdb" (letters, digits, . _ ~ -)';
const expectedDatabase = 'expected an SQLite file path or a postgres:// URL';

/** Anything that starts like a URL is one; only PostgreSQL's are understood (else it would become a file). */
const isSupportedDatabase = (value: string) =>
  !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) || /^postgres(ql)?:\/\/./i.test(value);

export const resourcesSection = z
  .strictObject({
    /** SQLite file path or postgres:// URL; unset means `<dataDir>/resources.db`. */
    database: text.refine(isSupportedDatabase, { error: expectedDatabase }).optional(),
    /** First path segment of every route: `/{prefix}/query/v4/...`, `/{prefix}/cmd/v1`. */
    prefix: z
      .string({ error: expectedPrefix })
      .regex(/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, { error: expectedPrefix })
      .prefault(defaults.prefix),
    /** Expire nodes with no new catalog, facts or report for this long (PuppetDB's node-ttl). */
    nodeTtl: duration(defaults.nodeTtlMs),
    /** Delete nodes deactivated or expired for this long (PuppetDB's node-purge-ttl). */
    purgeTtl: duration(defaults.purgeTtlMs),
    /** Delete reports produced longer ago than this (PuppetDB's report-ttl). */
    reportTtl: duration(defaults.reportTtlMs),
    /** How often expiry, purge and report retention run (PuppetDB's gc-interval). */
    gcInterval: duration(defaults.gcIntervalMs),
    /** Compress query answers (gzip, br, deflate) when the client's Accept-Encoding asks. */
    compression: z.boolean({ error: 'expected true or false' }).default(defaults.compression),
    /** Answers shorter than this many bytes are sent uncompressed. */
    compressionMinBytes: count('bytes', 0).default(defaults.compressionMinBytes),
    /** Time bound of every query, SQLite and PostgreSQL (`0s`: none); past it the answer is 503. */
    queryTimeout: duration(defaults.queryTimeoutMs),
    /** SQLite: read worker threads; unset means one per core, at least 2, at most 8. */
    readWorkers: count('threads', 1).optional(),
    /** SQLite: queries that may wait for a busy read pool; one more answers 503. */
    readQueueLimit: count('queries', 0).default(defaults.readQueueLimit),
    /** Largest PuppetDB command body in bytes, compressed or inflated (413 naming this key above it). */
    commandBodyLimit: count('bytes', 1)
      .max(1024 * 1024 * 1024, { error: 'expected at most 1073741824 bytes (1 GiB)' })
      .default(defaults.commandBodyLimit),
  })
  .prefault({});

export type ResourcesConfig = z.output<typeof resourcesSection>;
