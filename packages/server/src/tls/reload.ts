/**
 * @module tls/reload
 * Re-reads what can change under a running service without dropping a connection: the TLS key pair
 * and authority (`server.setSecureContext`, used by new handshakes only; open connections keep
 * theirs) and certificate allowlist files. It runs on SIGHUP and, for the TLS files, when one of
 * them changes on disk (polled once a second, which also sees files replaced by a rename, as
 * certbot and Kubernetes do). A failed reload keeps the previous settings and logs why.
 */
import { unwatchFile, watchFile } from 'node:fs';
import type { Server } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.js';
import type { Logger } from '../logging.js';
import { type TlsConfig, tlsEnabled } from './config.js';
import { secureContextOptions } from './https-options.js';

const POLL_MS = 1000;
/** Lets a certificate and its key, written one after the other, arrive before reloading. */
const SETTLE_MS = 300;

export function installReload(app: FastifyInstance, tls: TlsConfig, access: Access, logger: Logger): void {
  const reloadTls = (why: string) => {
    if (!tlsEnabled(tls)) return;
    try {
      (app.server as unknown as Server).setSecureContext(secureContextOptions(tls));
      logger.logf('[INFO] tls: key pair reloaded (%s)', why);
    } catch (error) {
      logger.logf('[ERROR] tls: reload failed, keeping the previous key pair: %s', (error as Error).message);
    }
  };
  const onSignal = () => {
    reloadTls('SIGHUP');
    try {
      access.reload();
    } catch (error) {
      logger.logf(
        '[ERROR] access: allowlist reload failed, keeping the previous list: %s',
        (error as Error).message,
      );
    }
  };
  process.on('SIGHUP', onSignal);
  const files = tlsEnabled(tls)
    ? [tls.cert!, tls.key!, tls.ca].filter((f): f is string => f !== undefined)
    : [];
  let timer: NodeJS.Timeout | undefined;
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(() => reloadTls('file changed'), SETTLE_MS);
    timer.unref();
  };
  for (const file of files) watchFile(file, { interval: POLL_MS }, onChange).unref();
  app.addHook('onClose', async () => {
    process.off('SIGHUP', onSignal);
    clearTimeout(timer);
    for (const file of files) unwatchFile(file, onChange);
  });
}
