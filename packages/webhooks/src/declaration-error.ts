/**
 * @module declaration-error
 * A module whose declarations cannot be honoured: a malformed or misplaced tag, a path taken twice,
 * a bad `webhookConfig`, a signature whose secret is not set. Such a module is not loaded (fail
 * closed: a route is never served without the check it declares). At start-up
 * {@link Webhooks.start} rejects with one of these listing every problem; on reload the last good
 * version stays and the error is logged.
 */
export class WebhookDeclarationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookDeclarationError';
  }
}
