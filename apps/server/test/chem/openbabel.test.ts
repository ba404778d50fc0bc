import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChemistryError, convert, ObabelError, runObabel } from '../../src/chem/index';

describe('runObabel', () => {
  it('runs the installed Open Babel 3', async () => {
    const { stdout } = await runObabel(['-V']);
    expect(stdout).toMatch(/^Open Babel 3\.\d+\.\d+/);
  });

  it('treats "0 molecules converted" (exit code 0) as a failure, with obabel’s reason', async () => {
    const error = await runObabel(['-ismi', '-osdf'], { input: 'C1CC\n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObabelError);
    expect(error).toMatchObject({ kind: 'noMolecules', exitCode: 0 });
    expect((error as ObabelError).stderr).toMatch(/Invalid SMILES string: 1 unmatched ring bonds/);
  });

  it('reports a non-zero exit with stderr', async () => {
    const error = await runObabel(['-inotaformat', '-osdf'], { input: 'CCO\n' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'exitCode', exitCode: 1 });
    expect((error as ObabelError).stderr).toMatch(/cannot read input format/);
  });

  it('kills obabel at the time limit', async () => {
    const error = await runObabel(['-ismi', '-osdf', '--gen3d'], { input: 'CCO\n', timeoutMs: 5 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('says when obabel is not installed', async () => {
    const error = await runObabel(['-V'], { command: '/nonexistent/obabel' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'notInstalled' });
  });

  it('keeps user content out of the arguments: an option-like "SMILES" is only data', async () => {
    const target = join(tmpdir(), `medx-pwned-${process.pid}.sdf`);
    await expect(runObabel(['-ismi', '-osdf'], { input: `-O${target}\n` })).rejects.toBeInstanceOf(ObabelError);
    expect(existsSync(target)).toBe(false);
  });

  it('reads and writes files in a private temporary directory', async () => {
    const result = await runObabel(['in.smi', '-O', 'out.sdf'], {
      files: { 'in.smi': 'CCO ethanol\n' },
      outputs: ['out.sdf', 'never.sdf'],
    });
    expect(result.converted).toBe(1);
    expect(result.files['out.sdf']).toMatch(/^ethanol\n/);
    expect(result.files['never.sdf']).toBeNull();
  });
});

describe('convert', () => {
  it('converts through stdin and stdout', async () => {
    expect(await convert('OCC\n', 'smi', 'can')).toMatch(/^CCO\b/);
  });

  it('protonates for a pH with -p alone (obabel ignores the pH when -h is also given)', async () => {
    expect(await convert('CCN\n', 'smi', 'smi', { pH: 7.4, addHydrogens: true })).toMatch(/^CC\[NH3\+\]/);
    expect(await convert('CCN\n', 'smi', 'smi', { addHydrogens: true })).toMatch(/^CCN\b/);
  });

  it('refuses formats outside the allowlist before running anything', async () => {
    await expect(convert('x', 'exe', 'sdf')).rejects.toBeInstanceOf(ChemistryError);
    await expect(convert('x', 'smi', '-O/tmp/x')).rejects.toBeInstanceOf(ChemistryError);
  });
});
