/**
 * @module avatar/normalize-image
 * Turns untrusted bytes into a safe raster image, or refuses them. The format and size are read
 * from the header first (sharp's metadata does not decode pixels), so a decompression bomb is
 * refused before any pixel is allocated; then the image is fully decoded, which proves it is an
 * image whatever the Content-Type said, and re-encoded, which drops metadata and any payload
 * smuggled after the image data. SVG, HTML and every format but PNG, JPEG, GIF and WebP are refused.
 */
import type { Metadata } from 'sharp';
import { loadSharp } from './load-sharp.js';

/** Why bytes were refused as an avatar; the proxy logs it and uses an identicon instead. */
export class ImageRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
  }
}

export interface NormalizeOptions {
  /** Largest accepted width × height. */
  maxPixels: number;
  /** Longest side after resizing; 0 keeps the size. Only shrinks, keeps the aspect ratio. */
  resizeLimit: number;
}

export interface NormalizedImage {
  data: Buffer;
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
}

/** Input formats accepted, and the format each is stored as (GIF becomes a still PNG). */
const OUTPUT_FORMAT = { png: 'png', jpeg: 'jpeg', webp: 'webp', gif: 'png' } as const;
type InputFormat = keyof typeof OUTPUT_FORMAT;

function isAcceptedFormat(format: string | undefined): format is InputFormat {
  return format !== undefined && Object.hasOwn(OUTPUT_FORMAT, format);
}

async function readHeader(data: Buffer, maxPixels: number): Promise<{ format: InputFormat }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Header only, no pixels decoded: the size check below gives the precise reason.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new ImageRejectedError('not a readable image', { cause });
  }
  if (!isAcceptedFormat(meta.format))
    throw new ImageRejectedError(`image format ${meta.format} is not accepted`);
  const { width, height } = meta;
  if (!width || !height) throw new ImageRejectedError('image has no dimensions');
  if (width * height > maxPixels) {
    throw new ImageRejectedError(`image is ${width}x${height}, more than ${maxPixels} pixels`);
  }
  return { format: meta.format };
}

/**
 * Checks, decodes and re-encodes `data`. Throws {@link ImageRejectedError} when it is not an accepted
 * image, is too large in pixels, or does not decode cleanly (truncated, corrupt).
 */
export async function normalizeImage(data: Buffer, options: NormalizeOptions): Promise<NormalizedImage> {
  const { format } = await readHeader(data, options.maxPixels);
  const output = OUTPUT_FORMAT[format];
  const sharp = await loadSharp();
  let pipeline = sharp(data, { limitInputPixels: options.maxPixels, failOn: 'error' }).autoOrient();
  if (options.resizeLimit > 0) {
    pipeline = pipeline.resize({
      width: options.resizeLimit,
      height: options.resizeLimit,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  pipeline =
    output === 'jpeg' ? pipeline.jpeg({ quality: 90 }) : output === 'webp' ? pipeline.webp() : pipeline.png();
  try {
    const { data: encoded, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data: encoded, format: output, width: info.width, height: info.height };
  } catch (cause) {
    throw new ImageRejectedError('image does not decode', { cause });
  }
}
