/**
 * Example webhook module: Slack's Events API. Point your Slack app's Event Subscriptions at
 * `https://<your host>/webhook/slack/events` and start the service with the app's signing secret:
 *
 *     SLACK_SIGNING_SECRET=... gatehouse serve --modules examples/webhooks
 *
 * Slack first sends a `url_verification` request and expects its `challenge` back as it is, not
 * wrapped in `{"success": true, ...}`: `webhookAnswer` answers raw text. Every request, the
 * verification included, must carry a valid `X-Slack-Signature`; a retried event (same `event_id`)
 * gets the first answer without running the handler again.
 */
import { webhookAnswer } from '@gatehouse/webhooks';

interface SlackRequest {
  type: 'url_verification' | 'event_callback';
  challenge?: string;
  event_id?: string;
  event?: { type: string; user?: string; text?: string; channel?: string };
}

/** @signature slack env:SLACK_SIGNING_SECRET */
export default class Slack {
  /** Events seen since the module was loaded, newest first. */
  seen: { id: string; type: string }[] = [];

  /**
   * The Events API endpoint.
   * @webhook events
   */
  events(request: SlackRequest) {
    if (request.type === 'url_verification') {
      return webhookAnswer({ body: request.challenge ?? '', headers: { 'content-type': 'text/plain' } });
    }
    const type = request.event?.type ?? 'unknown';
    this.seen = [{ id: request.event_id ?? '', type }, ...this.seen].slice(0, 20);
    return { received: type };
  }
}
