import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { launcherPid } from './launcher';
import { currentProcessScope, PROGRAM_NICENESS, runProcess, withProcessScope } from './process';

// `node` stands in for obabel: the runner is program-agnostic.
const node = process.execPath;

describe('runProcess', () => {
  it('passes stdin through and captures stdout, stderr and the exit code', async () => {
    const script =
      'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{process.stdout.write(s.toUpperCase());console.error("done");process.exit(3)})';
    const result = await runProcess(node, ['-e', script], { input: 'ccO; rm -rf /' });
    expect(result).toMatchObject({ stdout: 'CCO; RM -RF /', stderr: 'done\n', exitCode: 3, timedOut: false });
  });

  it('never involves a shell: metacharacters in arguments are plain text', async () => {
    const result = await runProcess(node, ['-e', 'console.log(process.argv[1])', '$(echo hi); `id` | cat']);
    expect(result.stdout).toBe('$(echo hi); `id` | cat\n');
  });

  it('kills a program that runs past its time limit', async () => {
    const started = Date.now();
    const result = await runProcess(node, ['-e', 'setTimeout(() => {}, 60000)'], { timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('kills a program whose output exceeds the cap', async () => {
    const result = await runProcess(node, ['-e', 'process.stdout.write("x".repeat(1e6))'], { maxOutputBytes: 1000 });
    expect(result.outputTooLarge).toBe(true);
    expect(result.stdout.length).toBeLessThanOrEqual(1000);
  });

  it('reports a missing program instead of throwing', async () => {
    const result = await runProcess('/nonexistent/obabel', []);
    expect((result.spawnError as NodeJS.ErrnoException | null)?.code).toBe('ENOENT');
  });
});

/** True while a process with this id exists (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, failing after `ms` (never returns on a timeout). */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// A program that starts a grandchild (as obabel or python may) and prints its pid.
const PARENT_WITH_CHILD = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
console.log(child.pid);
setTimeout(() => {}, 60000);
`;

describe('process scopes (a job lends its signal to every program started inside it)', () => {
  it('kills a program and its children when the scope is aborted, at any depth of the call', async () => {
    const controller = new AbortController();
    const spawned: number[] = [];
    const exited: number[] = [];
    let grandchild = 0;
    // The program is started by a function that knows nothing of the scope (as chemistry code).
    const deepHelper = () =>
      runProcess(node, ['-e', PARENT_WITH_CHILD], {
        timeoutMs: 0,
        onOutput: (text) => {
          grandchild ||= Number.parseInt(text, 10);
        },
      });
    const running = withProcessScope(
      { signal: controller.signal, onSpawn: (pid) => spawned.push(pid), onExit: (pid) => exited.push(pid) },
      () => deepHelper(),
    );
    await until(() => spawned.length === 1 && grandchild > 0);
    expect(alive(spawned[0]!)).toBe(true);
    expect(alive(grandchild)).toBe(true);
    controller.abort();
    const result = await running;
    expect(result.cancelled).toBe(true);
    expect(exited).toEqual(spawned);
    await until(() => !alive(spawned[0]!) && !alive(grandchild));
  });

  it('refuses to start a program once the scope is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const spawned: number[] = [];
    const result = await withProcessScope({ signal: controller.signal, onSpawn: (pid) => spawned.push(pid) }, () =>
      runProcess(node, ['-e', 'console.log(1)']),
    );
    expect(result).toMatchObject({ cancelled: true, exitCode: null, stdout: '' });
    expect(spawned).toEqual([]);
  });

  it('has no scope outside a job, and programs there are not cancelled', async () => {
    expect(currentProcessScope()).toBeUndefined();
    const result = await runProcess(node, ['-e', 'console.log(42)']);
    expect(result).toMatchObject({ cancelled: false, exitCode: 0, stdout: '42\n' });
  });

  it('runs programs niced, in a job or not, so they yield the CPU to the server', async () => {
    const niceness = "console.log(require('node:os').getPriority())";
    const own = getPriority();
    const outside = await runProcess(node, ['-e', niceness]);
    const inside = await withProcessScope({ signal: new AbortController().signal }, () =>
      runProcess(node, ['-e', niceness]),
    );
    expect(Number(outside.stdout)).toBe(Math.min(19, own + PROGRAM_NICENESS));
    expect(Number(inside.stdout)).toBe(Math.min(19, own + PROGRAM_NICENESS));
  });

  it("lowers the autogroup of a program's session too, or nice would only order threads inside it", async () => {
    // The program reads its input first: runProcess sets the group's nice before writing it.
    const result = await runProcess('sh', ['-c', 'read line; cat /proc/self/autogroup'], { input: 'go\n' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^/autogroup-\\d+ nice ${PROGRAM_NICENESS}\\n$`));
  });

  it('kills the whole group of a program that runs past its time limit', async () => {
    let grandchild = 0;
    const result = await runProcess(node, ['-e', PARENT_WITH_CHILD], {
      timeoutMs: 1500,
      onOutput: (text) => {
        grandchild ||= Number.parseInt(text, 10);
      },
    });
    expect(result.timedOut).toBe(true);
    expect(grandchild).toBeGreaterThan(0);
    await until(() => !alive(grandchild));
  });
});

describe('the program launcher (programs are never started by a fork of the server)', () => {
  it("starts every program as the launcher's child, one launcher for all of them", async () => {
    const first = await runProcess(node, ['-e', 'console.log(process.ppid)']);
    const second = await runProcess(node, ['-e', 'console.log(process.ppid)']);
    const launcher = launcherPid();
    expect(launcher).toBeGreaterThan(0);
    expect(launcher).not.toBe(process.pid);
    expect(Number(first.stdout)).toBe(launcher);
    expect(Number(second.stdout)).toBe(launcher);
  });

  it('holds a cancel that comes before the launcher has reported the start, and sends it then', async () => {
    const controller = new AbortController();
    const spawned: number[] = [];
    const started = Date.now();
    const running = withProcessScope({ signal: controller.signal, onSpawn: (pid) => spawned.push(pid) }, () =>
      runProcess(node, ['-e', 'setTimeout(() => {}, 60000)'], { timeoutMs: 0 }),
    );
    // Synchronously after the call: the launcher cannot have answered yet.
    controller.abort();
    const result = await running;
    expect(result.cancelled).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(spawned).toHaveLength(1);
    await until(() => !alive(spawned[0]!));
  });

  it('fails the programs of a launcher that dies, they die with it, and the next program gets a new launcher', async () => {
    let pid = 0;
    const running = runProcess(node, ['-e', 'console.log(process.pid); setTimeout(() => {}, 60000)'], {
      timeoutMs: 0,
      onOutput: (text) => {
        pid ||= Number.parseInt(text, 10);
      },
    });
    await until(() => pid > 0);
    const dead = launcherPid()!;
    process.kill(dead, 'SIGKILL');
    const result = await running;
    expect(result.spawnError?.message).toMatch(/^the program launcher exited/);
    await until(() => !alive(pid));
    const next = await runProcess(node, ['-e', 'console.log(process.ppid)']);
    expect(next.exitCode).toBe(0);
    expect(Number(next.stdout)).toBe(launcherPid());
    expect(launcherPid()).not.toBe(dead);
  });
});
