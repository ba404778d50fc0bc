import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertSafeFileName, readFiles, runProcess, withTempDir, writeFiles } from './process';

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

describe('temporary directories', () => {
  it('removes the directory after success and after failure', async () => {
    let kept = '';
    await withTempDir(async (dir) => {
      kept = dir;
      await writeFiles(dir, { 'in.smi': 'CCO\n' });
      expect(await readFiles(dir, ['in.smi', 'missing.sdf'])).toEqual({ 'in.smi': 'CCO\n', 'missing.sdf': null });
    });
    expect(existsSync(kept)).toBe(false);
    await expect(
      withTempDir(async (dir) => {
        kept = dir;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(kept)).toBe(false);
  });

  it('refuses file names that are paths or look like options', () => {
    for (const bad of ['../x.sdf', '/etc/passwd', '-O.sdf', 'a/b.sdf', '', 'x..y']) {
      expect(() => assertSafeFileName(bad)).toThrow();
    }
    expect(() => assertSafeFileName('ligand_1.sdf')).not.toThrow();
  });
});
