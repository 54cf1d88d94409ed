/**
 * A free TCP port on 127.0.0.1, for a peer that must be told its port before it starts (nginx,
 * PostgreSQL, puppetboard, a service whose URL names its own port). Shared by every package's tests.
 */
import { createServer } from 'node:net';

/** A port the system just handed out and released; the caller binds it right away. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
