/**
 * @module metrics/jolokia-routes
 * `GET /metrics/v2/list` and `GET /metrics/v2/read/<mbean>[/<attribute>]`, PuppetDB's Jolokia
 * metrics (jolokia.ts), at the root of the host app as PuppetDB serves them. The figures read the
 * store: a host app guards these routes like its other metrics (the service: route group `metrics`).
 */
import type { FastifyInstance } from 'fastify';
import { type FigureSources, jolokiaList, jolokiaRead } from './jolokia.js';

const JSON_TYPE = 'application/json; charset=utf-8';

const schema = (summary: string) => ({
  tags: ['meta'],
  summary,
  response: {
    200: { description: 'Jolokia answer', type: 'object', additionalProperties: true },
    404: {
      description: 'Jolokia error: no such mbean or attribute',
      type: 'object',
      additionalProperties: true,
    },
  },
});

export async function registerJolokiaRoutes(app: FastifyInstance, sources: FigureSources): Promise<void> {
  app.get(
    '/metrics/v2/list',
    { schema: schema('PuppetDB metrics: every mbean (Jolokia list)') },
    async (_req, reply) =>
      reply
        .type(JSON_TYPE)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(await jolokiaList(sources))),
  );
  app.get(
    '/metrics/v2/read/*',
    { schema: schema('PuppetDB metrics: one mbean (Jolokia read; `!/` escapes a slash)') },
    async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      const answer = await jolokiaRead(path, sources);
      return reply
        .code(answer.status)
        .type(JSON_TYPE)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(answer.body));
    },
  );
}
