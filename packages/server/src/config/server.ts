/**
 * @module config/server
 * Section `server`: where the service listens and keeps its data, and how it behaves as a process.
 */
import * as z from 'zod';
import { logFormats, logLevels } from '../logging.js';
import { baseURL, duration, port, text } from '../settings/fields.js';
import { hostName, jsonDepthLimit, trustedProxies } from './request-limits.js';

export const serverSection = z
  .strictObject({
    /** Interface to listen on; the default keeps the service private to this machine. */
    host: text.default('127.0.0.1'),
    port: port.default(8080),
    /** External base URL (behind a proxy); default `http://<host>:<port>`. */
    url: baseURL.optional(),
    /** Where the signing secret, the credentials file and the embedded stores live. */
    dataDir: text.default('./.data/gatehouse'),
    /** One log record per request (Fastify's request log); off by default (`--verbose` turns it on). */
    verbose: z.boolean({ error: 'expected true or false' }).default(false),
    /** The least severe level logged (`--log-level`); `debug` adds the libraries' DEBUG lines. */
    logLevel: z.enum(logLevels, { error: `expected one of ${logLevels.join(', ')}` }).default('info'),
    /** `auto`: pino-pretty's lines when stderr is a terminal, one JSON object per line otherwise. */
    logFormat: z.enum(logFormats, { error: `expected one of ${logFormats.join(', ')}` }).default('auto'),
    /** Largest accepted request body in bytes. */
    bodyLimit: z
      .int({ error: 'expected a number of bytes' })
      .min(1)
      .max(64 * 1024 * 1024)
      .default(1024 * 1024),
    /** How long SIGTERM/SIGINT waits for in-flight requests before cutting them. */
    shutdownTimeout: duration('10s'),
    /** Serve the demo login page at `GET /`. */
    homePage: z.boolean({ error: 'expected true or false' }).default(true),
    /** The proxies whose `X-Forwarded-*` headers are believed: addresses or CIDR ranges. */
    trustProxy: trustedProxies,
    /** More names the service answers to on loopback-trusted routes, beside `url`'s and `host`'s. */
    hosts: z.array(hostName, { error: 'expected a list of host names' }).default([]),
    /** Deepest nesting of arrays and objects a JSON request body may have. */
    jsonDepthLimit,
    /**
     * Processes serving requests on the one port (`auto`: one per core, see `cluster/workers.ts`);
     * their shared state lives in `state.database`, or in the primary process when that is memory.
     */
    workers: z
      .union([z.literal('auto'), z.int().min(1).max(64)], { error: 'expected "auto" or a number 1-64' })
      .default('auto'),
  })
  .prefault({});

export type ServerConfig = z.output<typeof serverSection>;
