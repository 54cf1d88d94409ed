/**
 * @module state/outage-answers
 * While a database the service needs is away, a request that failed because of it answers `503`
 * with `Retry-After`, not `500`: a client (a browser, Puppet, a webhook sender) tries again later
 * and a load balancer does not count the instance as broken. The resources routes answer so
 * themselves; the other libraries (auth's logins and revocation checks, the webhooks' replay
 * records) report any store failure as a 500 of their own, which this hook recognises by the
 * database's availability tracker having just seen the database go. `/ping` and whatever does not
 * need the database answer as always.
 */
import { type DatabaseAvailability, STORE_RETRY_AFTER_SECONDS } from '@gatehouse/resources';
import type { FastifyInstance } from 'fastify';

const UNAVAILABLE = JSON.stringify({ error: 'the database is unavailable; retry later' });

export function answerOutagesWith503(app: FastifyInstance, databases: readonly DatabaseAvailability[]): void {
  if (databases.length === 0) return;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 500 || databases.every((database) => database.state.up)) {
      done(null, payload);
      return;
    }
    reply.code(503).header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
    reply.header('content-type', 'application/json; charset=utf-8');
    done(null, UNAVAILABLE);
  });
}
