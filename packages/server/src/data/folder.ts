/**
 * @module data/folder
 * The data folder (`server.dataDir`, mode 0700): the generated signing secret and the credentials
 * file, created on first start. Later areas keep their embedded stores here too (SQLite, avatars).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CredentialsFile } from './credentials.js';
import { loadOrCreateSecret } from './secret.js';

export interface DataFolder {
  dir: string;
  /** The signing secret: from `auth.secret`/`GATEHOUSE_SECRET`, else the file below. */
  secret: string;
  /** `<dataDir>/secret`, or `undefined` when the secret came from the config or environment. */
  secretFile: string | undefined;
  secretCreated: boolean;
  /** The direct provider's credentials file, or `undefined` when that provider is off. */
  credentials: CredentialsFile | undefined;
  /** The generated first credential; set only on the start that created the credentials file. */
  firstCredential: { user: string; password: string } | undefined;
  /** Things the operator should fix, such as a secret readable by others. */
  warnings: string[];
}

/** What the data folder is opened from: where it is, the configured secret, the direct provider. */
export interface DataFolderSettings {
  readonly server: { readonly dataDir: string };
  readonly auth: {
    readonly secret?: string | undefined;
    readonly direct: { readonly enabled: boolean; readonly credentialsFile?: string | undefined };
  };
}

/** Creates what is missing in the data folder and reads what is there. */
export async function openDataFolder(config: DataFolderSettings): Promise<DataFolder> {
  const dir = config.server.dataDir;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const warnings: string[] = [];
  let secret = config.auth.secret;
  let secretFile: string | undefined;
  let secretCreated = false;
  if (secret === undefined) {
    const file = loadOrCreateSecret(join(dir, 'secret'));
    ({ secret, created: secretCreated } = file);
    secretFile = file.path;
    if (file.warning) warnings.push(file.warning);
  }
  let credentials: CredentialsFile | undefined;
  let firstCredential: DataFolder['firstCredential'];
  if (config.auth.direct.enabled) {
    credentials = new CredentialsFile(config.auth.direct.credentialsFile!);
    firstCredential = await credentials.createWithFirstUser();
    const warning = credentials.warning();
    if (warning) warnings.push(warning);
  }
  return { dir, secret, secretFile, secretCreated, credentials, firstCredential, warnings };
}
