/**
 * @module areas/health/area
 * Liveness and readiness, both public by default (route group `meta`):
 * - `GET /ping` answers `pong` (text/plain): the process is alive. It needs no auth and touches no
 *   store, so it stays cheap, and a supervisor can restart an instance that does not answer it.
 * - `GET /ready` runs the checks the areas added (stores reachable, migrations applied, modules
 *   loaded): 200 `{"status":"ready","checks":{...}}` when all pass, else 503 with
 *   `"status":"not ready"`; a load balancer sends traffic only to a ready instance.
 */
import type { Area } from '../area.js';

const pingSchema = {
  tags: ['meta'],
  summary: 'Liveness: the process answers',
  response: { 200: { description: '`pong`', content: { 'text/plain': { schema: { const: 'pong' } } } } },
};

const checks = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    properties: { ok: { type: 'boolean' }, detail: { type: 'string' } },
    required: ['ok', 'detail'],
  },
};

const readySchema = {
  tags: ['meta'],
  summary: 'Readiness: stores reachable, migrations applied, modules loaded',
  response: {
    200: {
      description: 'Every check passed',
      type: 'object',
      properties: { status: { const: 'ready' }, checks },
      required: ['status', 'checks'],
    },
    503: {
      description: 'A check failed',
      type: 'object',
      properties: { status: { const: 'not ready' }, checks },
      required: ['status', 'checks'],
    },
  },
};

export const healthArea: Area = async (app, { readiness, log }) => {
  // Synchronous: no promise per probe.
  app.get('/ping', { schema: pingSchema }, (_request, reply) => {
    reply.type('text/plain; charset=utf-8').send('pong');
  });
  app.get('/ready', { schema: readySchema }, async (_request, reply) => {
    const report = await readiness.run(log);
    reply.code(report.ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: report.ready ? 'ready' : 'not ready', checks: report.checks };
  });
};
