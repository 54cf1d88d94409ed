/**
 * @module data/credentials
 * The credentials file of the direct (`local`) provider: one `name:scrypt$...` line per user, `#`
 * comments allowed, mode 0600. It is read on every login, so `gatehouse users add` takes effect
 * without a restart. Unknown names cost the same scrypt work as known ones, so response times do not
 * tell which part of a login was wrong.
 */
import { existsSync, readFileSync } from 'node:fs';
import { generatePassword, hashPassword, verifyPassword } from './password.js';
import { createPrivateFile, exposureWarning, replacePrivateFile } from './private-file.js';
import { WorkLimit } from './work-limit.js';

/**
 * Password checks at once, and waiting: two scrypts leave libuv's other threads to files and DNS;
 * 32 waiting is about a second of work. Beyond that a login answers 503 with Retry-After at once.
 */
const checks = new WorkLimit(2, 32);

const namePattern = /^[A-Za-z0-9._@+-]{1,64}$/;
const header = '# gatehouse credentials: <name>:<scrypt hash>; manage with `gatehouse users add NAME`\n';

/** A user name that fits the file format (no colon, no blanks, at most 64 characters). */
export function isValidUserName(name: string): boolean {
  return namePattern.test(name);
}

/** Parses the file's lines into a map of name to hash; malformed lines are skipped. */
function parseCredentials(text: string): Map<string, string> {
  const users = new Map<string, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const colon = trimmed.indexOf(':');
    if (colon > 0) users.set(trimmed.slice(0, colon), trimmed.slice(colon + 1));
  }
  return users;
}

function serialise(users: ReadonlyMap<string, string>): string {
  return header + [...users].map(([name, hash]) => `${name}:${hash}\n`).join('');
}

export class CredentialsFile {
  readonly path: string;
  #decoy: Promise<string> | undefined;

  constructor(path: string) {
    this.path = path;
  }

  /** Creates the file with user `admin` and a random password when it does not exist; returns that password. */
  async createWithFirstUser(name = 'admin'): Promise<{ user: string; password: string } | undefined> {
    if (existsSync(this.path)) return undefined;
    const password = generatePassword();
    const content = serialise(new Map([[name, await hashPassword(password)]]));
    return createPrivateFile(this.path, content) ? { user: name, password } : undefined;
  }

  /** The users in the file (empty when there is no file). */
  names(): string[] {
    return [...this.#read().keys()];
  }

  /**
   * True when `name` and `password` match an entry. Constant-time in the password and in whether
   * `name` exists. Bounded: rejects with a 503 `AuthError` when too many checks run and wait already.
   */
  async check(name: string, password: string): Promise<boolean> {
    return checks.run(async () => {
      const hash = this.#read().get(name);
      if (hash === undefined) {
        this.#decoy ??= hashPassword(generatePassword());
        await verifyPassword(password, await this.#decoy);
        return false;
      }
      return verifyPassword(password, hash);
    });
  }

  /** Adds or replaces a user; `replace: false` refuses an existing name. */
  async set(name: string, password: string, options: { replace: boolean }): Promise<void> {
    if (!isValidUserName(name))
      throw new TypeError(`invalid user name ${JSON.stringify(name)}: use 1-64 of A-Z a-z 0-9 . _ @ + -`);
    const users = this.#read();
    if (users.has(name) && !options.replace) throw new Error(`user ${name} already exists in ${this.path}`);
    users.set(name, await hashPassword(password));
    replacePrivateFile(this.path, serialise(users));
  }

  /** Removes a user; returns false when there was none. */
  remove(name: string): boolean {
    const users = this.#read();
    if (!users.delete(name)) return false;
    replacePrivateFile(this.path, serialise(users));
    return true;
  }

  /** A warning when the file's permissions expose it. */
  warning(): string | undefined {
    return existsSync(this.path) ? exposureWarning(this.path) : undefined;
  }

  #read(): Map<string, string> {
    try {
      return parseCredentials(readFileSync(this.path, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw error;
    }
  }
}
