/** A service for tests: a fixed secret, a direct provider `local` with users alice/bob, a frozen-able clock. */
import { type Opts, Service } from '../../../src/index.js';

export const SECRET = 'test secret 0123456789';

export const users: Record<string, string> = { alice: 'wonderland', bob: 'builder' };

export class Clock {
  ms = Date.UTC(2026, 0, 1, 12, 0, 0);
  now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export function makeService(
  opts: Partial<Opts> = {},
  clock = new Clock(),
): { service: Service; clock: Clock } {
  const service = new Service({ secretReader: () => SECRET, now: clock.now, ...opts });
  service.addDirectProvider('local', (user, passwd) => users[user] !== undefined && users[user] === passwd);
  return { service, clock };
}

export async function login(
  url: string,
  user = 'alice',
  passwd = users.alice!,
  extra = '',
): Promise<Response> {
  return fetch(`${url}/auth/local/login${extra}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, passwd }),
  });
}
