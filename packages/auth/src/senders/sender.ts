/**
 * @module senders/sender
 * How a verified provider delivers its confirmation message: one operation, `send(address, text)`,
 * that resolves once the message is handed over and rejects when it could not be.
 */

export interface Sender {
  /** Delivers `text` to `address` (an e-mail address, a chat id...). Rejects on failure. */
  send(address: string, text: string): Promise<void>;
  /**
   * The content type the text is sent as, e.g. `text/html`; an HTML sender gets its placeholders
   * HTML-escaped. Absent means plain text.
   */
  readonly contentType?: string;
}

/** A function is a sender too. */
export type SendFunc = (address: string, text: string) => Promise<void>;

export function toSender(sender: Sender | SendFunc): Sender {
  if (typeof sender === 'function') return { send: sender };
  if (typeof sender?.send !== 'function')
    throw new TypeError('@gatehouse/auth: a sender needs send(address, text)');
  return sender;
}
