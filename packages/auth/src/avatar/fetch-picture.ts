/**
 * @module avatar/fetch-picture
 * Downloads a picture once, bounded in time and bytes. The body is read as a stream and the
 * download is cancelled as soon as it passes the byte cap, so a huge or endless body never sits in
 * memory. What the server says the content is does not matter here: the bytes are decoded later.
 */
import type { AvatarFetchLimits } from './limits.js';

/** Why a download was refused; the proxy logs it and falls back to an identicon. */
export class PictureFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PictureFetchError';
  }
}

function assertFetchableURL(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new PictureFetchError('picture URL is not a URL', { cause });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new PictureFetchError(`picture URL scheme ${parsed.protocol} is not http(s)`);
  }
  return parsed;
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new PictureFetchError(`picture is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Fetches `url` with `fetchImpl` (the provider's authenticated client, or global fetch) and returns
 * the body. Throws {@link PictureFetchError} on a non-http(s) URL, a non-2xx answer, a declared or
 * actual body over `maxBytes`, or when the whole exchange takes longer than `timeoutMs`.
 */
export async function fetchPicture(
  url: string,
  fetchImpl: typeof fetch,
  limits: Pick<AvatarFetchLimits, 'timeoutMs' | 'maxBytes'>,
): Promise<Buffer> {
  const target = assertFetchableURL(url);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const res = await fetchImpl(target, { signal, redirect: 'follow', headers: { accept: 'image/*' } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new PictureFetchError(`picture answer status ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? Number.NaN);
    if (declared > limits.maxBytes) {
      await res.body?.cancel().catch(() => {});
      throw new PictureFetchError(`picture declares ${declared} bytes, more than ${limits.maxBytes}`);
    }
    if (!res.body) throw new PictureFetchError('picture answer has no body');
    return await readCapped(res.body, limits.maxBytes);
  } catch (err) {
    if (err instanceof PictureFetchError) throw err;
    if (signal.aborted)
      throw new PictureFetchError(`picture download took longer than ${limits.timeoutMs} ms`);
    throw new PictureFetchError('picture download failed', { cause: err });
  }
}
