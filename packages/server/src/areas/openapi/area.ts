/**
 * @module areas/openapi/area
 * `GET /openapi.json`: the OpenAPI 3.1 description of every route of the service (generated from
 * the routes' JSON schemas, `service/api-document.ts`), with the routes of the webhook modules loaded
 * now; `GET /docs`: a documentation page (Swagger UI) over the same document. Both are in the
 * route group `meta`. Registered last, so the document is complete when the app is ready.
 */
import swaggerUi from '@fastify/swagger-ui';
import type { Area } from '../area.js';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

export const openapiArea: Area = async (app, { openapi, announce }) => {
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        tags: ['meta'],
        summary: 'This document: the OpenAPI 3.1 description of the service',
        response: { 200: { description: 'OpenAPI 3.1 document', type: 'object' } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return openapi.now(request);
    },
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    transformSpecificationClone: false,
    transformSpecification: (_spec, request) => openapi.now(request),
  });
  announce(`openapi: GET ${OPENAPI_PATH}, documentation page GET ${DOCS_PATH}`);
};
