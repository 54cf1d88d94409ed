/**
 * @module version
 * The service's version, from its package.json (`gatehouse --version`, the OpenAPI description).
 */
import { readFileSync } from 'node:fs';

export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
