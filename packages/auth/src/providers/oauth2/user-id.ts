/**
 * @module providers/oauth2/user-id
 * Token user ids: `<provider>_<sha1 hex of the provider's user id>`. Unlike the reference, a value
 * that already looks like 40 hex characters is hashed too, so no provider id can collide with a hash.
 */
import { createHash } from 'node:crypto';

export function providerUserId(provider: string, rawId: string): string {
  return `${provider}_${createHash('sha1').update(rawId).digest('hex')}`;
}
