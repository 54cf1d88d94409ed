/**
 * @module providers/oauth2/user-id
 * Token user ids of OAuth providers: `<provider>_<sha1 hex of the provider's user id>`. A value that
 * already looks like 40 hex characters is hashed too (see token/user `hashId`).
 */
import { hashId } from '../../token/user.js';

export function providerUserId(provider: string, rawId: string): string {
  return `${provider}_${hashId(rawId)}`;
}
