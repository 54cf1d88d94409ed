/**
 * @module service/http-errors
 * Every error Fastify answers itself (unknown route, malformed or oversized body, wrong content type)
 * leaves as JSON `{"error": "..."}` with Fastify's precise status, like the areas' own errors.
 * Server faults are logged and answered with a fixed message that reveals nothing.
 */
import type { FastifyError, FastifyInstance } from 'fastify';

export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `not found: ${request.method} ${request.url.split('?')[0]}` });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, url: request.url.split('?')[0] }, 'request failed');
      reply.code(status).send({ error: 'internal error' });
      return;
    }
    reply.code(status).send({ error: clientMessage(error) });
  });
}

/** Fastify's messages are safe to show; they start upper-case and some end with a period. */
function clientMessage(error: FastifyError): string {
  const message = error.message.replace(/\.$/, '');
  return message.charAt(0).toLowerCase() + message.slice(1);
}
