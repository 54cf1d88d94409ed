/** A service with a verified provider `email`, served by Fastify on 127.0.0.1, plus a recording logger. */
import {
  EmailSender,
  type EmailSenderOptions,
  type Logger,
  type Opts,
  type Sender,
  type SendFunc,
  Service,
  type StateStore,
  VerifyProvider,
  type VerifyProviderOptions,
} from '../../../src/index.js';
import { appPerTest } from '../core/app.js';
import { Clock, SECRET } from '../core/service.js';

export class RecordingLogger implements Logger {
  readonly lines: string[] = [];
  logf(format: string, ...args: unknown[]): void {
    let i = 0;
    this.lines.push(format.replace(/%[sdvj]/g, () => String(args[i++])));
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface VerifyApp {
  url: string;
  clock: Clock;
  logger: RecordingLogger;
  service: Service;
}

export function verifyAppPerTest() {
  const apps = appPerTest();
  return async function setup(
    sender: Sender | SendFunc,
    provider: Partial<VerifyProviderOptions> = {},
    opts: Partial<Opts> = {},
  ): Promise<VerifyApp> {
    const clock = new Clock();
    const logger = new RecordingLogger();
    const service = new Service({ secretReader: () => SECRET, now: clock.now, logger, ...opts });
    service.addProvider(new VerifyProvider({ name: 'email', sender, ...provider }));
    const url = await apps.serve('fastify', service);
    return { url, clock, logger, service };
  };
}

export function emailSender(port: number, options: Partial<EmailSenderOptions> = {}): EmailSender {
  return new EmailSender({ host: '127.0.0.1', port, from: 'Gatehouse <no-reply@example.test>', ...options });
}

/** A store that cannot answer, to prove the provider fails closed. */
export const brokenStore: StateStore = {
  get: () => Promise.reject(new Error('store connection refused')),
  setIfAbsent: () => Promise.reject(new Error('store connection refused')),
  set: () => Promise.reject(new Error('store connection refused')),
  delete: () => Promise.reject(new Error('store connection refused')),
  increment: () => Promise.reject(new Error('store connection refused')),
};

/** The confirmation token of a message rendered from the template `Token: {{.Token}}`. */
export function tokenIn(text: string): string {
  const match = /Token: ([A-Za-z0-9_.-]+)/.exec(text);
  if (!match) throw new Error(`no token in ${JSON.stringify(text)}`);
  return match[1]!;
}
