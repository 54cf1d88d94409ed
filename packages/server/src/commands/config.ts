/**
 * @module commands/config
 * `gatehouse config check|show`: validates the configuration exactly as `serve` would (same file,
 * environment and flags) without starting anything, for deploy pipelines and for answering "what
 * is the service actually using?". `show` prints the effective values as JSON with every secret
 * masked; durations are in milliseconds.
 */
import { Access } from '../access/access.js';
import { prepareAuth } from '../areas/auth/setup.js';
import { type Command, exitCodes, parseFlags, UsageError } from '../cli/command.js';
import { flagHelp, flagOptions, loadConfigWithFlags } from '../cli/config-flags.js';
import { assertPaths } from '../config/check-paths.js';
import { isSecretKey } from '../settings/errors.js';
import { serveFlags } from './serve.js';

const usage = `Usage: gatehouse config check [flags]
       gatehouse config show [flags]

"check" validates the configuration as "gatehouse serve" would, including the folders it names (the
data folder writable, the modules folder readable), and exits 0 after listing each route group with
its access rule, or prints one line per problem and exits 2. "show" prints the effective
configuration as JSON (secrets masked, durations in milliseconds). Both accept the flags of
"gatehouse serve":
${flagHelp(serveFlags)}`;

/** A copy of `value` with secret-named keys and URL passwords masked. */
export function maskSecrets(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, maskSecrets(item, name)]));
  }
  if (typeof value !== 'string') return value;
  if (isSecretKey(key)) return '(set)';
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (url.password === '') return value;
  url.password = '***';
  return url.href;
}

export const configCommand: Command = {
  name: 'config',
  summary: 'check the configuration, or show the effective values (secrets masked)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags('config', args, flagOptions(serveFlags), 1);
    if (values.help) {
      io.stdout(usage);
      return exitCodes.ok;
    }
    const [action] = positionals;
    if (action !== 'check' && action !== 'show') {
      throw new UsageError('gatehouse config: expected "check" or "show" (see: gatehouse config --help)');
    }
    const loaded = loadConfigWithFlags(serveFlags, values, io);
    const { config, file } = loaded;
    if (action === 'show') {
      io.stdout(JSON.stringify(maskSecrets(config), null, 2));
      return exitCodes.ok;
    }
    const notes = assertPaths(loaded, io.cwd);
    // The hooks module and template files are read as serve would: a problem is a config error.
    await prepareAuth(config.auth);
    io.stderr(`config ok: ${file ?? '(no file, embedded defaults)'}`);
    for (const note of notes) io.stderr(note);
    for (const line of Access.describe(config.access)) io.stderr(line);
    return exitCodes.ok;
  },
};
