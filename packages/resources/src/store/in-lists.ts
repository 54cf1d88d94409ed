/**
 * @module store/in-lists
 * Statements over many keys as `IN (?, ?, ...)` lists of bounded length: SQLite takes at most
 * 32766 parameters per statement, and a very long list costs PostgreSQL more to plan than it saves.
 */

/** Keys per list. */
const KEY_CHUNK = 500;

/** Runs `each` over `keys` in chunks of at most KEY_CHUNK, with the chunk's `?, ?, ...` list. */
export async function inChunks(
  keys: readonly string[],
  each: (chunk: readonly string[], list: string) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < keys.length; i += KEY_CHUNK) {
    const chunk = keys.slice(i, i + KEY_CHUNK);
    await each(chunk, chunk.map(() => '?').join(', '));
  }
}
