/**
 * A command bound to its service by withService, run as real processes: it runs while its parent
 * is the service, never once its parent is another (the service died before the signal was
 * armed), and is killed when the service is SIGKILLed while it spins. Where setpriv is missing,
 * parentDeathProblem names it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parentDeathProblem, withService } from './with-service.js';

const SOURCE = fileURLToPath(new URL('./with-service.ts', import.meta.url));
/** A plain Node process that imports this module's source as it is (it has no imports of its own). */
const TYPESCRIPT = ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e'];

/** Whether the process `pid` has ended (gone, or a zombie its new parent has not reaped yet). */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Waits up to `withinMs` for `pid` to end; whether it did. */
async function endsWithin(pid: number, withinMs: number): Promise<boolean> {
  for (let waited = 0; waited < withinMs; waited += 50) {
    if (ended(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return ended(pid);
}

describe.runIf(process.platform === 'linux')('withService', () => {
  const printRan = [process.execPath, ['-e', 'process.stdout.write("ran")']] as const;

  it('runs the command while its parent is the service', () => {
    const { command, args } = withService(...printRan);
    const run = spawnSync(command, args, { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: 'ran' });
    expect(parentDeathProblem()).toBeUndefined();
  });

  it('never runs the command when its parent is not the service (which died before arming)', () => {
    // Spawned by this process, whose parent is named as the service: as a command whose service
    // died and left it to init would see it.
    const { command, args } = withService(...printRan, process.ppid);
    const run = spawnSync(command, args, { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 125, stdout: '' });
  });

  it('kills the command when the service is SIGKILLed while the command spins', async () => {
    const SERVICE = `import { spawn } from 'node:child_process';
      import { withService } from ${JSON.stringify(SOURCE)};
      const { command, args } = withService(process.execPath, ['-e', 'for (;;) {}']);
      const spinner = spawn(command, args, { stdio: 'ignore' });
      setTimeout(() => console.log(spinner.pid), 300);`;
    const service = spawn(process.execPath, [...TYPESCRIPT, SERVICE], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const spinner = await new Promise<number>((resolve) =>
      service.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString()))),
    );
    try {
      expect(ended(spinner)).toBe(false);
      service.kill('SIGKILL');
      expect(await endsWithin(spinner, 10_000)).toBe(true);
    } finally {
      if (!ended(spinner)) process.kill(spinner, 'SIGKILL');
    }
  });

  it('names what is missing where setpriv cannot be run', () => {
    const REPORT = `import { parentDeathProblem } from ${JSON.stringify(SOURCE)};
      console.log(parentDeathProblem());`;
    const run = spawnSync(process.execPath, [...TYPESCRIPT, REPORT], {
      encoding: 'utf8',
      env: { PATH: '/nonexistent' },
    });
    expect(run.stdout.trim()).toBe('setpriv cannot be run (ENOENT; it is part of util-linux)');
  });
});
