/**
 * @module avatar/fingerprint
 * The content fingerprint every built-in store keeps beside the bytes and the avatar route sends as
 * the ETag. It depends on the bytes only, so the same avatar has the same fingerprint in every
 * store, which lets a migration skip what is already copied.
 */
import { createHash } from 'node:crypto';

/** SHA-256 of the bytes, hex. */
export function contentFingerprint(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
