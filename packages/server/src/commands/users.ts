/**
 * @module commands/users
 * `gatehouse users add|remove|list|revoke`: manages the direct provider's credentials file
 * (`auth.direct.credentialsFile`, default `<dataDir>/users.passwd`). A running service sees changes
 * at the next login; `revoke` asks the running service to end the user's sessions.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Command, type CommandIO, exitCodes, parseFlags, UsageError } from '../cli/command.js';
import { dataDirFlag, flagHelp, flagOptions, loadConfigWithFlags, portFlag } from '../cli/config-flags.js';
import { postToService, type ServiceAddress } from '../cli/service-client.js';
import { CredentialsFile, isValidUserName } from '../data/credentials.js';
import { generatePassword } from '../data/password.js';

const usage = `Usage: gatehouse users add NAME [--password-stdin] [--replace] [flags]
       gatehouse users remove NAME [flags]
       gatehouse users list [flags]
       gatehouse users revoke NAME [flags]

Manages the credentials file of the direct login provider (scrypt hashes, mode 0600).
"add" generates a random password and prints it on stdout, or reads the first line of stdin
with --password-stdin (at least 8 characters). "revoke" ends every session of NAME in the running
service, through the direct provider and every "kind": "local" provider of the credentials file
(asked over loopback through POST /admin/sessions/revoke; the config names where it listens).

Flags:
  --password-stdin    read the password from stdin instead of generating one
  --replace           with add: change the password of an existing user
${flagHelp([dataDirFlag, portFlag])}`;

const options = {
  ...flagOptions([dataDirFlag, portFlag]),
  'password-stdin': { type: 'boolean' as const },
  replace: { type: 'boolean' as const },
};

export const usersCommand: Command = {
  name: 'users',
  summary: 'add, remove or list users of the direct login provider',
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags('users', args, options, 2);
    if (values.help) {
      io.stdout(usage);
      return exitCodes.ok;
    }
    const [action, name] = positionals;
    const { config } = loadConfigWithFlags([dataDirFlag, portFlag], values, io);
    const path = config.auth.direct.credentialsFile!;
    const file = new CredentialsFile(path);
    if (action === 'list') {
      for (const user of file.names()) io.stdout(user);
      return exitCodes.ok;
    }
    if (name === undefined || !['add', 'remove', 'revoke'].includes(action ?? '')) {
      throw new UsageError(
        'gatehouse users: expected "add NAME", "remove NAME", "revoke NAME" or "list" (see: gatehouse users --help)',
      );
    }
    if (action === 'revoke') return revoke(config, name, io);
    if (!isValidUserName(name))
      throw new UsageError(
        `gatehouse users: invalid user name ${JSON.stringify(name)}: use 1-64 of A-Z a-z 0-9 . _ @ + -`,
      );
    if (action === 'remove') {
      if (!file.remove(name)) throw new UsageError(`gatehouse users: no user ${name} in ${path}`);
      io.stderr(`removed ${name} from ${path}`);
      return exitCodes.ok;
    }
    const password = values['password-stdin'] ? await readPassword(io) : generatePassword();
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      await file.set(name, password, { replace: values.replace === true });
    } catch (error) {
      throw new UsageError(
        `gatehouse users: ${(error as Error).message}${values.replace ? '' : ' (use --replace to change the password)'}`,
      );
    }
    io.stderr(`${values.replace ? 'updated' : 'added'} ${name} in ${path}`);
    if (!values['password-stdin']) io.stdout(password);
    return exitCodes.ok;
  },
};

/** Asks the running service to end every session of `name`. */
async function revoke(config: ServiceAddress, name: string, io: CommandIO): Promise<number> {
  let answer: { status: number; body: string };
  try {
    answer = await postToService(config, '/admin/sessions/revoke', { user: name });
  } catch (error) {
    io.stderr(`gatehouse users: ${(error as Error).message}`);
    return exitCodes.failure;
  }
  if (answer.status !== 200) {
    io.stderr(`gatehouse users: the service refused (${answer.status}): ${answer.body}`);
    return exitCodes.failure;
  }
  const { ids } = JSON.parse(answer.body) as { ids?: string[] };
  const through = ids && ids.length > 1 ? ` (user ids ${ids.join(', ')})` : '';
  io.stderr(`revoked every session of ${name}${through}`);
  return exitCodes.ok;
}

async function readPassword(io: CommandIO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  const password = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  if (password.length < 8)
    throw new UsageError('gatehouse users: the password from stdin must have at least 8 characters');
  return password;
}
