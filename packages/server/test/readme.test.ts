/** The README's reference tables stay honest: every environment variable and config key is documented. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../src/config/schema.js';
import { knownKeys } from '../src/config/schema-keys.js';
import { environmentVariables } from '../src/config/sources.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The README section of a config section: from its `### \`name\`` heading to the next heading. */
function sectionText(name: string): string {
  const start = readme.indexOf(`### \`${name}\``);
  if (start < 0) return '';
  const end = readme.indexOf('\n## ', start + 1);
  const next = readme.indexOf('\n### ', start + 1);
  return readme.slice(start, Math.min(...[end, next].filter((i) => i > 0), readme.length));
}

describe('README', () => {
  it.each(environmentVariables.map((v) => v.name))('documents %s', (name) => {
    expect(readme).toMatch(new RegExp(`\\| \`${name}\` +\\|`));
  });

  it.each(['server', 'auth'])('documents every key of the %s section with its default', (section) => {
    const text = sectionText(section);
    for (const key of knownKeys(configSchema, [section]) ?? []) {
      expect(text, `${section}.${key}`).toMatch(new RegExp(`\\| \`${key}(\\.\\w+)?\` +\\|`));
    }
  });
});
