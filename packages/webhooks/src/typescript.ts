/**
 * @module typescript
 * The TypeScript compiler, loaded on first use. Loading it takes seconds on a busy machine and about
 * 80 MB of memory, and a host that only registers modules from code never needs it; so nothing
 * imports it at start-up. It is CommonJS, so a synchronous `require` can load it on demand.
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

let loaded: typeof TS | undefined;

export function typescript(): typeof TS {
  loaded ??= createRequire(import.meta.url)('typescript') as typeof TS;
  return loaded;
}
