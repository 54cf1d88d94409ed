/**
 * Example webhook module: receives GitHub deliveries. Point a GitHub webhook at
 * `https://<your host>/webhook/github/push` (content type application/json) with a secret, and start
 * the service with that secret in GITHUB_WEBHOOK_SECRET:
 *
 *     GITHUB_WEBHOOK_SECRET=... gatehouse serve --modules examples/webhooks
 *
 * Every route of this module needs a valid `X-Hub-Signature-256`; a redelivery with the same
 * `X-GitHub-Delivery` gets the first answer without running the handler again.
 */

interface WebhookMeta {
  headers: Record<string, string>;
  timestamp: number;
}

interface PushEvent {
  ref?: string;
  repository?: { full_name?: string };
  commits?: { id: string; message: string }[];
  _webhook: WebhookMeta;
}

/**
 * The `@signature` tag must sit in the JSDoc right above the class (or a method) to apply.
 * @signature github env:GITHUB_WEBHOOK_SECRET
 */
export default class GitHub {
  /** Pushes seen since the module was loaded, newest first (state lives in the one instance). */
  recent: { repo: string; ref: string; commits: number; at: number }[] = [];

  /**
   * A push: remembers it and answers a summary.
   * @webhook push
   */
  onPush(event: PushEvent) {
    const entry = {
      repo: event.repository?.full_name ?? 'unknown',
      ref: event.ref ?? 'unknown',
      commits: event.commits?.length ?? 0,
      at: event._webhook.timestamp,
    };
    this.recent = [entry, ...this.recent].slice(0, 20);
    return { received: event._webhook.headers['x-github-event'] ?? 'push', ...entry };
  }

  /**
   * GitHub's ping when a webhook is created.
   * @webhook ping
   */
  onPing(event: { zen?: string; hook_id?: number }) {
    return { pong: true, zen: event.zen ?? null, hookId: event.hook_id ?? null };
  }

  /** Not a webhook: no tag and no `handle` prefix, so POST /webhook/github/summary is 404. */
  summary() {
    return this.recent;
  }
}
