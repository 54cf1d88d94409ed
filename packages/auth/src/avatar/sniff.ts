/**
 * @module avatar/sniff
 * Recognises the raster formats the avatar route may serve from their magic numbers. The stored
 * bytes decide the Content-Type, never what a remote server or a store claimed, so bytes that are
 * not one of these images (HTML, SVG, anything else) are never served.
 */

export type AvatarContentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (data.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => data[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((ch) => ch.charCodeAt(0));
}

/** The content type of `data` from its first bytes, or `undefined` when it is not an allowed image. */
export function sniffImageType(data: Uint8Array): AvatarContentType | undefined {
  if (startsWith(data, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}
