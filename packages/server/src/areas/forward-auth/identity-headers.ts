/**
 * @module areas/forward-auth/identity-headers
 * The user as response headers for the proxy to hand on (`forwardAuth.headers`: header name ->
 * field). Values are printable ASCII whatever the user's name holds: every byte of the UTF-8 text
 * outside 0x20-0x7E, `%` itself and a space at either end are percent-encoded (as
 * `encodeURIComponent` writes them, so `decodeURIComponent` restores the text). A CR or LF can
 * therefore never split a header, and a plain ASCII name arrives unchanged. A list (an array
 * attribute such as `groups`) is joined with `,` after encoding `,` inside its items, as
 * oauth2-proxy joins multiple values. Every configured header is in every answer, empty when the
 * user lacks the field or there is no user (`trace`): Caddy 2.6's `{rp.header.*}` placeholder of a
 * header the answer lacks reaches the application as its own text (the README's Caddy set-up,
 * tested), and nginx leaves an empty one out anyway.
 */
import type { User } from '@gatehouse/auth';

const PERCENT = 0x25;
const COMMA = 0x2c;
const SPACE = 0x20;

function hex(byte: number): string {
  return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Printable ASCII without `%` and `,`, no space at either end: what most ids and names are. */
const plain =
  /^[\x21-\x24\x26-\x2b\x2d-\x7e](?:[\x20-\x24\x26-\x2b\x2d-\x7e]*[\x21-\x24\x26-\x2b\x2d-\x7e])?$/;

/** `text` as a header-safe value; `alsoEncode` is one more byte to encode (the list separator). */
export function encodeHeaderText(text: string, alsoEncode?: number): string {
  if (plain.test(text)) return text; // nothing to encode: skip the byte walk
  const bytes = Buffer.from(text, 'utf8'); // a lone surrogate becomes U+FFFD
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const edgeSpace = byte === SPACE && (i === 0 || i === bytes.length - 1);
    const unsafe = byte < 0x20 || byte > 0x7e || byte === PERCENT || byte === alsoEncode || edgeSpace;
    out += unsafe ? hex(byte) : String.fromCharCode(byte);
  }
  return out;
}

function scalar(value: unknown, alsoEncode?: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return encodeHeaderText(value, alsoEncode);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return encodeHeaderText(JSON.stringify(value), alsoEncode);
}

/** One field's value as a header value, `undefined` when the user has none. */
export function headerValue(value: unknown): string | undefined {
  if (!Array.isArray(value)) return scalar(value);
  const items = value.map((item) => scalar(item, COMMA)).filter((item) => item !== undefined);
  return items.length > 0 ? items.join(',') : undefined;
}

function fieldOf(user: User, field: string): unknown {
  if (field.startsWith('attrs.')) return user.attrs?.[field.slice('attrs.'.length)];
  return (user as unknown as Record<string, unknown>)[field];
}

/** Builds the headers of `fields` (header name -> `id`, `name`, ..., `attrs.<name>`) for a user or none. */
export function identityHeaders(
  fields: Readonly<Record<string, string>>,
): (user: User | null | undefined) => Record<string, string> {
  const entries = Object.entries(fields).map(([name, field]) => [name.toLowerCase(), field] as const);
  return (user) => {
    const headers: Record<string, string> = {};
    for (const [name, field] of entries) headers[name] = (user && headerValue(fieldOf(user, field))) ?? '';
    return headers;
  };
}
