/**
 * @module config/webhooks
 * Section `webhooks`: module methods exposed as POST endpoints. Owned by the webhooks area; it
 * accepts no keys until that area defines them, so a typo is reported instead of ignored.
 */
import * as z from 'zod';

export const webhooksSection = z.strictObject({}).prefault({});

export type WebhooksConfig = z.output<typeof webhooksSection>;
