/**
 * @module areas/webhooks/openapi-paths
 * The OpenAPI path items of the webhook routes. `@gatehouse/webhooks` answers every call from one
 * catch-all route (`/webhook/*`), so the calls are described here: the general shape
 * `POST /webhook/{module}/{method}`, and one operation per route of each module loaded now
 * (the modules folder is reloaded on change, so these are read at every request of the document),
 * those the caller may call only (`callableRoutes`: no unsigned route without the shared secret).
 */
import type { RouteInfo } from '@gatehouse/webhooks';
import type { DescribedRoutes } from '../../service/api-document.js';

export const WEBHOOK_MOUNT = '/webhook';

const answers = {
  '200': {
    description: 'The handler answered: `{"success": true, "data": ...}`',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookAnswer' } } },
  },
  '400': { $ref: '#/components/responses/WebhookRefused' },
  '401': { $ref: '#/components/responses/WebhookRefused' },
  '403': { $ref: '#/components/responses/WebhookRefused' },
  '404': { $ref: '#/components/responses/WebhookRefused' },
  '413': { $ref: '#/components/responses/WebhookRefused' },
  '415': { $ref: '#/components/responses/WebhookRefused' },
  '429': { $ref: '#/components/responses/WebhookRefused' },
  '500': { $ref: '#/components/responses/WebhookRefused' },
  '503': { $ref: '#/components/responses/WebhookRefused' },
  '504': { $ref: '#/components/responses/WebhookRefused' },
};

const anyJson = {
  content: {
    'application/json': { schema: { type: 'object', additionalProperties: true } },
    'application/x-www-form-urlencoded': { schema: { type: 'object', additionalProperties: true } },
  },
};

const secretHeader = {
  name: 'X-Webhook-Secret',
  in: 'header',
  schema: { type: 'string' },
  description: 'the shared secret (SERVICE_WEBHOOK_SECRET), for routes without a signature scheme',
};

/** One operation per loaded route: `POST /webhook/<module>/<path>`. */
export function moduleWebhookPaths(routes: readonly RouteInfo[]): Record<string, object> {
  const paths: Record<string, object> = {};
  for (const route of routes) {
    paths[`${WEBHOOK_MOUNT}/${route.module}/${route.path}`] = {
      post: {
        tags: [`webhooks: ${route.module}`],
        summary: `${route.module}.${route.method}`,
        description: `Calls method \`${route.method}\` of module \`${route.module}\` (${route.isolation === 'in-process' ? 'in the service process' : 'in its worker process'}); signature: ${route.signature}.`,
        operationId: `webhook_${route.module}_${route.method}`,
        parameters: route.signature === 'none' ? [secretHeader] : [],
        requestBody: anyJson,
        responses: answers,
      },
    };
  }
  return paths;
}

/** The general shape of a call, always in the document (the catch-all route it describes). */
export const webhookRoutes: DescribedRoutes = {
  isCatchAll: (url) => url === `${WEBHOOK_MOUNT}/*`,
  schemas: {
    WebhookAnswer: {
      type: 'object',
      properties: { success: { const: true }, data: {} },
      required: ['success'],
    },
  },
  responses: {
    WebhookRefused: {
      description: 'Refused or failed: `{"error": "..."}` with the status of the reason',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  },
  paths: () => ({
    [`${WEBHOOK_MOUNT}/{module}/{method}`]: {
      post: {
        tags: ['webhooks'],
        summary: 'Call a method of a webhook module (the routes of the loaded modules follow)',
        parameters: [
          { name: 'module', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'method', in: 'path', required: true, schema: { type: 'string' } },
          secretHeader,
        ],
        requestBody: anyJson,
        responses: answers,
      },
    },
  }),
};
