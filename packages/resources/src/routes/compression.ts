/**
 * Response compression of the query routes: gzip, br or deflate as the client's Accept-Encoding
 * asks (q-values honoured; on a tie gzip first, as every PuppetDB client understands it), streamed
 * through Node's zlib, which compresses on the libuv thread pool, so the event loop keeps serving.
 * Answers shorter than `minBytes` go out as they are: compressing them costs more than it saves.
 * @module
 */

import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

export type ContentEncoding = 'gzip' | 'br' | 'deflate';

/** What the plugin's `compression` option turns into. */
export interface CompressionSettings {
  /** Off: every answer is sent as it is. */
  readonly enabled: boolean;
  /** Answers shorter than this many bytes are never compressed. */
  readonly minBytes: number;
}

/** Server preference among encodings the client rates equally. */
const SUPPORTED: ContentEncoding[] = ['gzip', 'br', 'deflate'];

/**
 * Level 6 (zlib's default) costs 1.6 times the CPU of level 4 for 12 % less size on fleet-shaped
 * resource JSON, and would fall behind the row stream; brotli's default quality 11 is far too slow
 * to stream. Both chosen by measuring (bench/RESULTS-resources.md).
 */
const GZIP_LEVEL = 4;
const BROTLI_QUALITY = 4;

/** The encoding to answer with, or undefined for none (absent header, identity, nothing we offer). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (header === undefined || header.trim() === '') return undefined;
  return negotiate(header, SUPPORTED) ?? undefined;
}

/** A streaming compressor for `encoding`. */
export function createCompressor(encoding: ContentEncoding): Transform {
  switch (encoding) {
    case 'gzip':
      return createGzip({ level: GZIP_LEVEL });
    case 'deflate':
      return createDeflate({ level: GZIP_LEVEL });
    case 'br':
      return createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
  }
}
