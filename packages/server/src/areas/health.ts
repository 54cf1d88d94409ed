/**
 * @module areas/health
 * `GET /ping` answers `pong` (text/plain) for load balancers and container health checks. It needs no
 * auth and touches no store, so it stays cheap.
 */
import type { Area } from './area.js';

export const healthArea: Area = async (app) => {
  app.get('/ping', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return 'pong';
  });
};
