/**
 * @module data/secret
 * The JWT signing secret of a service without `GATEHOUSE_SECRET`: 32 random bytes generated on the
 * first start, kept base64url-encoded in `<dataDir>/secret` (mode 0600) and reused on every restart,
 * so that tokens survive restarts and several processes on one data folder agree.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createPrivateFile, exposureWarning } from './private-file.js';

export interface SecretFile {
  path: string;
  secret: string;
  /** True when this call generated it. */
  created: boolean;
  /** Set when the file's permissions expose it. */
  warning: string | undefined;
}

const minimumLength = 32;

/** Reads the secret at `path`, generating it first when the file does not exist. */
export function loadOrCreateSecret(path: string): SecretFile {
  const created = createPrivateFile(path, `${randomBytes(32).toString('base64url')}\n`);
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < minimumLength) {
    throw new Error(
      `${path}: the signing secret is shorter than ${minimumLength} characters; delete the file to generate a new one`,
    );
  }
  return { path, secret, created, warning: exposureWarning(path) };
}
