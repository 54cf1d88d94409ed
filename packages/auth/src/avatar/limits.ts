/**
 * @module avatar/limits
 * How much of a third party's picture the proxy is willing to take. The picture URL comes from an
 * identity provider and the bytes from whoever hosts it, so every dimension is bounded.
 */

export interface AvatarFetchLimits {
  /** Whole download (headers and body) in milliseconds. Default 5000. */
  timeoutMs: number;
  /** Largest body in bytes; the download is cut off past it. Default 10 MiB. */
  maxBytes: number;
  /** Largest image in pixels (width × height), read from the header before decoding. Default 16 Mi. */
  maxPixels: number;
}

export const defaultAvatarFetchLimits: Readonly<AvatarFetchLimits> = Object.freeze({
  timeoutMs: 5_000,
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 16 * 1024 * 1024,
});

/** The defaults with `overrides` applied; throws a TypeError on a value that is not a positive number. */
export function resolveFetchLimits(overrides: Partial<AvatarFetchLimits> = {}): AvatarFetchLimits {
  const limits = { ...defaultAvatarFetchLimits, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new TypeError(`@gatehouse/auth: avatar fetchLimits.${name} must be a positive number`);
    }
  }
  return limits;
}
