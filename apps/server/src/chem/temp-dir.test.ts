import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertSafeFileName, readFiles, withTempDir, writeFiles } from './temp-dir';

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
