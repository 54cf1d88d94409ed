/**
 * @module isolation/with-service
 * A worker process dies with the service that started it, however the service ends: SIGKILL, the
 * OOM killer, a crash. Left to itself, a worker whose handler spins in a loop would run on forever
 * as an orphan, burning CPU, since only the service's handler timeout ever ended it; and spinning
 * JavaScript runs no listener that could notice the closed channel (and a watchdog thread would
 * need worker threads, which the permission model denies the worker). So the kernel ends it: the
 * parent-death signal (`prctl(PR_SET_PDEATHSIG)`, Linux), set to SIGKILL by util-linux's
 * `setpriv --pdeathsig` (the tool the sandbox already uses) before the worker's own command runs,
 * and kept by the `exec`s that follow. (The kernel sends it when the spawning thread ends: the
 * host's thread whose registry runs the worker, so a worker never outlives its runner either.)
 *
 * The signal only comes for a parent that dies after it was armed: a service that died in between
 * (the worker then belongs to init or a subreaper) sends none. So, as prctl(2) advises, the first
 * step after arming, a shell, checks that its parent is still the service and ends otherwise.
 *
 * Where the signal cannot be armed (another system than Linux, no `setpriv`, a `setpriv` without
 * `--pdeathsig` such as BusyBox's), no isolated worker is started: the caller stops start-up
 * naming {@link parentDeathProblem}'s answer, never a worker that may outlive its service.
 */
import { spawnSync } from 'node:child_process';

// Runs the command only while its parent is the service whose pid is $1 ($PPID is read once, at
// the shell's start, after the signal was armed); 125 as for a sandbox step that failed.
const ONLY_UNDER_SERVICE = '[ "$PPID" = "$1" ] || exit 125; shift; exec "$@"';

/**
 * `command args` run so that the process is SIGKILLed when `servicePid` (this process, the one
 * that spawns it) ends, and never starts when that process is gone already.
 */
export function withService(
  command: string,
  args: readonly string[],
  servicePid: number = process.pid,
): { command: string; args: string[] } {
  return {
    command: 'setpriv',
    args: [
      '--pdeathsig=SIGKILL',
      '--',
      'sh',
      '-c',
      ONLY_UNDER_SERVICE,
      'sh',
      String(servicePid),
      command,
      ...args,
    ],
  };
}

let checked: { problem: string | undefined } | undefined;

/**
 * What keeps a worker from being bound to the service on this machine, or undefined when
 * {@link withService} works here (tried once per process: the machine does not change under it).
 */
export function parentDeathProblem(): string | undefined {
  checked ??= { problem: tryParentDeath() };
  return checked.problem;
}

function tryParentDeath(): string | undefined {
  if (process.platform !== 'linux') {
    return `the parent-death signal is Linux's (prctl PR_SET_PDEATHSIG) and this system is ${process.platform}`;
  }
  const { command, args } = withService('true', []);
  const trial = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
  if (trial.error) {
    const code = (trial.error as NodeJS.ErrnoException).code ?? trial.error.message;
    return `setpriv cannot be run (${code}; it is part of util-linux)`;
  }
  if (trial.status !== 0) {
    const said = (trial.stderr || `exit ${trial.status}`).trim().slice(0, 300);
    return `setpriv --pdeathsig failed (util-linux's setpriv is needed): ${said}`;
  }
  return undefined;
}
