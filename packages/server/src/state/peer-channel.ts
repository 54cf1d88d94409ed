/**
 * @module state/peer-channel
 * How instances on one PostgreSQL tell each other what happened (a command settled, a session
 * revoked, a throttle decided, modules reloaded): PostgreSQL's own `LISTEN/NOTIFY`, on a channel
 * named after the schema, so instances sharing a database but not a schema stay apart. It needs
 * nothing besides the database the instances already share (no broker to run, secure and watch),
 * a notification reaches every listener within about a millisecond of its commit, and one
 * notification carries up to 8000 bytes: messages of one tick are sent together.
 *
 * One connection of its own listens (a pooled one could not: it would stop hearing when returned).
 * When it is lost, `listening` turns false (one warning: the users of this channel poll the
 * database meanwhile), and it reconnects with a growing pause (0.25 s to 5 s); once it listens
 * again, `listening` turns true (one line). Messages sent while nobody listened are gone: each
 * user looks once for what it may have missed.
 */
import { randomUUID } from 'node:crypto';
import { type DatabaseAvailability, isPostgresAway } from '@gatehouse/resources';
import pg from 'pg';
import type { Logger } from '../logging.js';

/** One message: what it is about (`command`, `revoked`, ...) and its JSON body. */
export interface PeerMessage {
  readonly topic: string;
  readonly body: unknown;
}

/** What travels in one notification: the sender and its messages of one tick. */
interface Envelope {
  readonly from: string;
  readonly messages: readonly (readonly [topic: string, body: unknown])[];
}

/** PostgreSQL refuses a payload of 8000 bytes or more; some room is kept for the envelope. */
const MAX_PAYLOAD_BYTES = 7800;
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 5000;

export interface PeerChannelOptions {
  readonly logger: Logger;
  /** The database's availability tracker: a lost listener may be the database going away. */
  readonly availability: DatabaseAvailability;
}

export class PeerChannel {
  /** This instance's name on the channel: its own messages come back and are skipped. */
  readonly instance = randomUUID();
  readonly channel: string;
  readonly #connection: pg.ClientConfig;
  readonly #publisher: pg.Pool;
  readonly #logger: Logger;
  readonly #availability: DatabaseAvailability;
  readonly #handlers = new Map<string, Set<(body: unknown) => void>>();
  readonly #listeningHandlers = new Set<(listening: boolean) => void>();
  #listener: pg.Client | undefined;
  #listening = false;
  #pending: [string, unknown][] = [];
  #pauseMs = FIRST_PAUSE_MS;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(connection: pg.ClientConfig, channel: string, options: PeerChannelOptions) {
    this.#connection = connection;
    this.channel = channel;
    this.#logger = options.logger;
    this.#availability = options.availability;
    this.#publisher = new pg.Pool({ ...connection, max: 1, connectionTimeoutMillis: LONGEST_PAUSE_MS });
    this.#publisher.on('error', () => undefined); // a lost idle connection: the next send makes a new one
    this.#publisher.on('connect', (client) => client.on('error', () => undefined));
  }

  /** Connects the listener; rejects when the database cannot be reached at start. */
  static async open(connection: pg.ClientConfig, options: PeerChannelOptions): Promise<PeerChannel> {
    const probe = new pg.Client(connection);
    probe.on('error', () => undefined);
    await probe.connect();
    let schema: string;
    try {
      const { rows } = await probe.query<{ schema: string }>('SELECT current_schema() AS schema');
      schema = rows[0]?.schema ?? 'public';
    } finally {
      await probe.end().catch(() => undefined);
    }
    // A channel name is an identifier: at most 63 bytes.
    const channel = `gatehouse ${schema}`.slice(0, 63);
    const peers = new PeerChannel(connection, channel, options);
    await peers.#listen();
    return peers;
  }

  /** True while this instance hears the others. */
  get listening(): boolean {
    return this.#listening;
  }

  /** Calls `handler` with the body of each message on `topic` from another instance. */
  on(topic: string, handler: (body: unknown) => void): () => void {
    let handlers = this.#handlers.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(topic, handlers);
    }
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /** Calls `handler` when listening is lost (false) or begins again (true). */
  onListening(handler: (listening: boolean) => void): () => void {
    this.#listeningHandlers.add(handler);
    return () => this.#listeningHandlers.delete(handler);
  }

  /** Sends a message to every other instance, with the others of this tick; never throws. */
  publish(topic: string, body: unknown): void {
    if (this.#closed) return;
    this.#pending.push([topic, body]);
    if (this.#pending.length === 1) setImmediate(() => this.#flush());
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.#publisher.end().catch(() => undefined);
  }

  #flush(): void {
    const messages = this.#pending;
    this.#pending = [];
    for (const payload of this.#payloads(messages)) {
      this.#publisher.query('SELECT pg_notify($1, $2)', [this.channel, payload]).catch((error: unknown) => {
        // Lost with the database; those waiting poll while the listener is down.
        if (isPostgresAway(error)) this.#availability.lost(error);
        else this.#logger.logf('[WARN] peers: a notification could not be sent: %s', String(error));
      });
    }
  }

  /** The messages as payloads under PostgreSQL's limit (a message too big alone is dropped, logged). */
  *#payloads(messages: readonly [string, unknown][]): Generator<string> {
    let batch: [string, unknown][] = [];
    let size = 0;
    const payload = (list: [string, unknown][]) =>
      JSON.stringify({ from: this.instance, messages: list } satisfies Envelope);
    for (const message of messages) {
      const bytes = Buffer.byteLength(JSON.stringify(message)) + 1;
      if (bytes > MAX_PAYLOAD_BYTES - 100) {
        this.#logger.logf('[WARN] peers: a %s message of %d bytes is too big to send', message[0], bytes);
        continue;
      }
      if (size + bytes > MAX_PAYLOAD_BYTES - 100) {
        yield payload(batch);
        batch = [];
        size = 0;
      }
      batch.push(message);
      size += bytes;
    }
    if (batch.length > 0) yield payload(batch);
  }

  async #listen(): Promise<void> {
    const client = new pg.Client(this.#connection);
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('the listener connection ended')));
    client.on('notification', (notification) => this.#receive(notification.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.#listener = client;
    this.#pauseMs = FIRST_PAUSE_MS;
    this.#setListening(true);
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#closed || this.#listener !== client) return;
    this.#listener = undefined;
    client.end().catch(() => undefined);
    if (isPostgresAway(error)) this.#availability.lost(error);
    this.#logger.logf(
      '[WARN] peers: lost the listener connection (%s): polling the database until it is back',
      error.message,
    );
    this.#setListening(false);
    this.#reconnectLater();
  }

  #reconnectLater(): void {
    if (this.#closed) return;
    this.#retry = setTimeout(() => {
      this.#listen().then(
        () => this.#logger.logf('[INFO] peers: listening again on channel "%s"', this.channel),
        () => {
          this.#pauseMs = Math.min(LONGEST_PAUSE_MS, this.#pauseMs * 2);
          this.#reconnectLater();
        },
      );
    }, this.#pauseMs);
    this.#retry.unref();
  }

  #setListening(listening: boolean): void {
    if (this.#listening === listening) return;
    this.#listening = listening;
    for (const handler of this.#listeningHandlers) handler(listening);
  }

  #receive(payload: string | undefined): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload ?? '') as Envelope;
    } catch {
      return; // not ours: someone else notifies on this channel
    }
    if (envelope.from === this.instance || !Array.isArray(envelope.messages)) return;
    for (const [topic, body] of envelope.messages) {
      for (const handler of this.#handlers.get(topic) ?? []) {
        try {
          handler(body);
        } catch (error) {
          this.#logger.logf('[WARN] peers: a %s message was not handled: %s', topic, String(error));
        }
      }
    }
  }
}
