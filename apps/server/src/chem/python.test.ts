import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PYTHON_PROGRAMS, pythonCommand, pythonModule, pythonModules, pythonRoot, runPython } from './python';

const SOURCE = resolve(fileURLToPath(import.meta.url), '../../../python');
const saved = { MEDX_PYTHON: process.env.MEDX_PYTHON, PYTHONPATH: process.env.PYTHONPATH };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('the Python launcher', () => {
  it('finds apps/server/python when running from source', () => {
    expect(pythonRoot()).toBe(`${SOURCE}/`);
  });

  it('knows every program of the package, and only those', () => {
    // A program is a module with a command line (`if __name__ == '__main__'`); the rest are shared.
    const dir = join(SOURCE, 'medx_chem');
    const withMain = readdirSync(dir)
      .filter((f) => f.endsWith('.py') && readFileSync(join(dir, f), 'utf8').includes("if __name__ == '__main__':"))
      .map((f) => f.replace(/\.py$/, ''))
      .sort();
    expect(withMain).toEqual([...PYTHON_PROGRAMS].sort());
  });

  it('hashes a program with the shared modules, as sha256sum of those files does', () => {
    for (const program of PYTHON_PROGRAMS) {
      const { module, sha256, files } = pythonModule(program);
      expect(module).toBe(`medx_chem.${program}`);
      expect(files).toContain(`medx_chem/${program}.py`);
      expect(files).toEqual(expect.arrayContaining(['medx_chem/__init__.py', 'medx_chem/cli.py']));
      expect(files.filter((f) => PYTHON_PROGRAMS.some((p) => f === `medx_chem/${p}.py`))).toHaveLength(1);
      // The recipe the docs give, run in a shell: it must give the recorded hash.
      const shell = spawnSync('sh', ['-c', `sha256sum ${files.join(' ')} | sha256sum`], {
        cwd: SOURCE,
        encoding: 'utf8',
      });
      expect(shell.stdout.split(' ')[0]).toBe(sha256);
    }
    const hashes = [...pythonModules().values()].map((m) => m.sha256);
    expect(new Set(hashes).size).toBe(PYTHON_PROGRAMS.length);
    // Computed once.
    expect(pythonModules()).toBe(pythonModules());
  });

  it('runs python3 -m with the package first on PYTHONPATH; MEDX_PYTHON picks the interpreter', () => {
    process.env.PYTHONPATH = '/opt/elsewhere';
    process.env.MEDX_PYTHON = '/opt/python/bin/python3';
    const call = pythonCommand('restore_poses', 'restore.json', 'restored.json');
    expect(call.command).toBe('/opt/python/bin/python3');
    expect(call.args).toEqual(['-m', 'medx_chem.restore_poses', 'restore.json', 'restored.json']);
    expect(call.env.PYTHONPATH).toBe(`${pythonRoot()}${delimiter}/opt/elsewhere`);
    expect(call.env.PYTHONSAFEPATH).toBe('1');
    expect(call.sha256).toBe(pythonModule('restore_poses').sha256);
    delete process.env.MEDX_PYTHON;
    delete process.env.PYTHONPATH;
    const plain = pythonCommand('fix_protein', '-', '-');
    expect(plain.command).toBe('/usr/bin/python3');
    expect(plain.env.PYTHONPATH).toBe(pythonRoot());
  });

  it('runs a program outside a job through the process runner, JSON in and out', async () => {
    const result = await runPython('embed_smiles', '-', '-', { input: JSON.stringify({ lines: ['C methane'] }) });
    expect(result.exitCode, result.stderr).toBe(0);
    const { sdf } = JSON.parse(result.stdout) as { sdf: string };
    expect(sdf.split('\n')[0]).toBe('methane');
    expect(sdf).toMatch(/^\s+5\s+4\s/m); // C + 4 H, 4 bonds
  });
});
