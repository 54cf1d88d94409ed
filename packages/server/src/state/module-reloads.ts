/**
 * @module state/module-reloads
 * Webhook modules reloaded on one instance reload on every other: an instance whose watcher saw
 * the modules folder change tells the others through the peer channel (topic `webhooks`), and each
 * re-reads its own folder at once. That covers a folder shared over a network file system, whose
 * changes a watcher elsewhere never hears of, and a deployment tool that updates every instance's
 * copy but triggers one. A reload made because a peer asked is not announced again, so two
 * instances never echo each other.
 */
import type { Logger } from '../logging.js';
import type { PeerChannel } from './peer-channel.js';

const TOPIC = 'webhooks';

export class ModuleReloads {
  readonly #peers: PeerChannel;
  #reload: (() => Promise<void>) | undefined;
  #askedByPeer = false;
  #announcing = false;

  constructor(peers: PeerChannel, logger: Logger) {
    this.#peers = peers;
    peers.on(TOPIC, () => {
      const reload = this.#reload;
      if (!reload) return;
      this.#askedByPeer = true;
      reload()
        .catch((error: unknown) =>
          logger.logf('[WARN] webhooks: reload asked by another instance failed: %s', error),
        )
        .finally(() => {
          this.#askedByPeer = false;
        });
    });
  }

  /** What re-reads this instance's folder (set once the registry exists). */
  reloadWith(reload: () => Promise<void>): void {
    this.#reload = reload;
  }

  /** This instance's modules changed: tell the others, once per tick however many modules changed. */
  changed(): void {
    if (this.#askedByPeer || this.#announcing) return;
    this.#announcing = true;
    setImmediate(() => {
      this.#announcing = false;
      this.#peers.publish(TOPIC, { reloaded: true });
    });
  }
}
