/**
 * @module isolation/sandbox
 * The Linux namespaces a worker process runs in (`isolation: 'sandbox'`), with util-linux's
 * `unshare` and `setpriv` (present wherever util-linux is):
 * - a **network namespace** of its own: no interface but a loopback that is down, so neither the
 *   service nor any other loopback service (TCP, or abstract Unix sockets, which belong to the
 *   network namespace) can be reached; a module granted the network gets a user-mode stack
 *   (network.ts) that reaches the outside and never the host's loopback;
 * - a **PID namespace**: the worker is PID 1 of its own tree, its `process.ppid` is 0, the service
 *   and every other process of the machine are out of sight, so it can neither signal, trace nor
 *   read the memory of any (`/proc` is mounted anew and shows the worker's tree only);
 * - a **mount namespace** with an empty `/run` (where Unix sockets of local services live);
 * - **a user of its own**: started as root, the worker runs as `workerUser` (a dedicated system
 *   user), with no capabilities and `no_new_privs`; started as another user, in a user namespace
 *   (root inside maps to the service's user outside) with every capability dropped before Node
 *   starts.
 * Node's permission model still limits what it reads (permissions.ts). Nothing here falls back: a
 * machine where this cannot be had stops start-up, naming what failed and the weaker isolation
 * that can be chosen by name: `isolation: 'process'`, the worker process without namespaces.
 * Either way the worker dies with the service (with-service.ts), or none is started.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { parentDeathProblem, withService } from './with-service.js';

/** How to start one worker: the command that runs `node` with its arguments inside. */
export interface Confinement {
  readonly kind: 'sandbox' | 'process';
  /** For the start-up summary. */
  readonly description: string;
  wrap(node: string, args: readonly string[]): { command: string; args: string[] };
}

/** An isolation that cannot be had on this machine (start-up stops; never a silent downgrade). */
export class IsolationUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IsolationUnavailableError';
  }
}

// An empty /run, then the next command (without the PWD that sh exports: the worker gets only its
// granted environment); a failed mount ends the worker before any module code runs.
const PRELUDE =
  'mount -t tmpfs -o mode=0755,size=64k,nosuid,nodev,noexec gatehouse-run /run || exit 125; exec env -u PWD -u OLDPWD "$@"';
const NAMESPACES = ['--net', '--pid', '--fork', '--kill-child', '--mount', '--mount-proc'];
// The worker dies with `unshare` (PID 1 of its namespace, it would otherwise outlive it): the
// parent-death signal `--kill-child` sets is cleared when setpriv changes the user, so setpriv sets
// it again last.
const DROP = ['--no-new-privs', '--inh-caps=-all', '--bounding-set=-all', '--pdeathsig=SIGKILL'];

/** The uid and gid of `user` (a name, `uid` or `uid:gid`); undefined when there is no such user. */
function lookUpUser(user: string): { uid: number; gid: number } | undefined {
  const numeric = /^(\d+)(?::(\d+))?$/.exec(user);
  if (numeric) {
    const uid = Number(numeric[1]);
    return { uid, gid: Number(numeric[2] ?? uid) };
  }
  try {
    const entry = execFileSync('getent', ['passwd', user], { encoding: 'utf8' }).split(':');
    return { uid: Number(entry[2]), gid: Number(entry[3]) };
  } catch {
    return undefined;
  }
}

/** The `unshare ... setpriv ...` prefix for this process's user. */
function prefix(workerUser: string): { args: string[]; who: string } {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) {
    return {
      args: ['--user', '--map-root-user', ...NAMESPACES, 'sh', '-c', PRELUDE, 'sh', 'setpriv', ...DROP],
      who: 'in a user namespace as the service user, no capabilities',
    };
  }
  const ids = lookUpUser(workerUser);
  if (!ids || ids.uid === 0) {
    throw new IsolationUnavailableError(
      `the service runs as root and webhook workers run as the user "${workerUser}" (workerUser), ${ids ? 'which is root' : 'which does not exist'}: create it (useradd --system --no-create-home --shell /usr/sbin/nologin ${workerUser}, scripts/setup/75-webhook-sandbox.sh) or name another`,
    );
  }
  const user = [`--reuid=${ids.uid}`, `--regid=${ids.gid}`, '--clear-groups', ...DROP];
  return {
    args: [...NAMESPACES, 'sh', '-c', PRELUDE, 'sh', 'setpriv', ...user],
    who: `as user ${workerUser} (uid ${ids.uid}), no capabilities`,
  };
}

// Run inside the sandbox by the trial: names the first folder the worker's user cannot open.
const CAN_READ = 'for p; do [ -r "$p" ] && [ -x "$p" ] || { echo "$p"; exit 3; }; done';

/**
 * The confinement of `isolation: 'sandbox'`, after a trial run that shows it works here and that
 * the worker's user can open every folder in `readable` (a worker started under it would otherwise
 * fail on every load, after start-up said all was well). Throws an
 * {@link IsolationUnavailableError} naming what is missing.
 */
export function sandboxConfinement(workerUser: string, readable: readonly string[]): Confinement {
  const { args, who } = prefix(workerUser);
  // And `unshare` dies with the service (with-service.ts), which the trial shows works here too.
  const bound = withService('unshare', [...args, '--', 'sh', '-c', CAN_READ, 'sh', ...readable]);
  const trial = spawnSync(bound.command, bound.args, { encoding: 'utf8', timeout: 10_000 });
  if (trial.status === 3) {
    throw new IsolationUnavailableError(
      `webhook workers run ${who} and cannot open ${trial.stdout.trim()}: make the modules folder and the folders above it readable by other users (chmod o+rx), or name another workerUser`,
    );
  }
  if (trial.error || trial.status !== 0) {
    const why = trial.error
      ? `setpriv cannot be run (${(trial.error as NodeJS.ErrnoException).code ?? trial.error.message}; it is part of util-linux, as unshare)`
      : `unshare failed: ${(trial.stderr || `exit ${trial.status}`).trim().slice(0, 300)}`;
    throw new IsolationUnavailableError(
      `isolation "sandbox" (Linux user, PID, network and mount namespaces) is not available on this machine: ${why}`,
    );
  }
  return {
    kind: 'sandbox',
    description: `sandbox: own network (no loopback), PID and mount namespaces, ${who}`,
    wrap: (node, nodeArgs) => withService('unshare', [...args, '--', node, ...nodeArgs]),
  };
}

/**
 * The confinement of `isolation: 'process'`: the worker process without namespaces, bound to the
 * service all the same (with-service.ts). Throws an {@link IsolationUnavailableError} where it
 * cannot be bound.
 */
export function processConfinement(): Confinement {
  const problem = parentDeathProblem();
  if (problem) {
    throw new IsolationUnavailableError(
      `isolation "process" ends a worker with the service through the kernel's parent-death signal, which cannot be had on this machine: ${problem} (modules you trust can run inside the service: isolation "none")`,
    );
  }
  return {
    kind: 'process',
    description:
      'process: a worker process per module without namespaces (weaker: it shares the host network and process view)',
    wrap: (node, args) => withService(node, args),
  };
}
