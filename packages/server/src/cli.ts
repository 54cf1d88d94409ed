/**
 * @module cli
 * The `gatehouse` command (bin/gatehouse.js imports this file).
 *
 * HOW TO ADD A COMMAND: write `src/commands/<name>.ts` exporting a {@link Command} (name, one-line
 * summary, usage text, `run(args, io)` resolving to an exit code; parse its own flags with
 * `parseFlags` from `cli/command.ts`), then add ONE line to {@link commands} below.
 * HOW TO ADD A FLAG that sets a config key: add a `ConfigFlag` row in `cli/config-flags.ts` and
 * put it in the command's flag list (e.g. `serveFlags` in `commands/serve.ts`).
 * Exit codes: 0 ok, 1 failure, 2 usage or config error. Output for people goes to stderr; stdout
 * carries only what a script may capture (help text, generated passwords, lists).
 */

import type { Command, CommandIO } from './cli/command.js';
import { dispatch } from './cli/dispatch.js';
import { avatarsCommand } from './commands/avatars.js';
import { configCommand } from './commands/config.js';
import { resourcesCommand } from './commands/resources.js';
import { serveCommand } from './commands/serve.js';
import { usersCommand } from './commands/users.js';
import { webhooksCommand } from './commands/webhooks.js';
import { VERSION } from './version.js';

/** Every command, in help order. One line each. */
const commands: readonly Command[] = [
  serveCommand, // gatehouse serve
  usersCommand, // gatehouse users add|remove|list
  configCommand, // gatehouse config check|show
  avatarsCommand, // gatehouse avatars migrate FROM TO
  resourcesCommand, // gatehouse resources import FILES|DIRS
  webhooksCommand, // gatehouse webhooks list|deliveries [MODULE]
];

const io: CommandIO = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
};

process.exitCode = await dispatch(commands, process.argv.slice(2), io, VERSION);
