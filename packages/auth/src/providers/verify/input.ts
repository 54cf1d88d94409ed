/**
 * @module providers/verify/input
 * Cleaning what the user typed before it goes into a message and a token: control characters
 * (CR/LF would let a name forge mail headers or message lines) become spaces, the ends are
 * trimmed, and the result is cut to a byte budget without splitting a character.
 */

export const MAX_FIELD_BYTES = 128;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export function cleanField(value: string | null | undefined, maxBytes = MAX_FIELD_BYTES): string {
  const flat = (value ?? '').replace(CONTROL, ' ').trim();
  if (Buffer.byteLength(flat) <= maxBytes) return flat;
  let out = '';
  let bytes = 0;
  for (const char of flat) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    out += char;
  }
  return out.trim();
}
