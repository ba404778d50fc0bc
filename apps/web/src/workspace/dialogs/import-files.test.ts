import type { CreateFileResult, ProjectFile, UploadCredentials } from '@medx/contract';
import { describe, expect, it, vi } from 'vitest';
import { createRequest, entryName, type ImportSteps, importFiles, isImportable, PARALLEL_FILES } from './import-files';

const credentials: UploadCredentials = {
  protocol: 'tus',
  endpoint: '/v1/uploads',
  chunk_size: 10 * 1024 * 1024,
  parallel_uploads: 2,
  retries: 3,
  max_size: 1000,
  refresh_seconds: 3000,
  project_id: 4,
};

const entry = (id: number, name: string) => ({ id, name }) as ProjectFile;

function steps(overrides: Partial<ImportSteps> = {}): ImportSteps {
  return {
    credentials: async () => ({ ok: true, value: credentials }),
    upload: async (file, _c, onProgress) => {
      onProgress(50);
      onProgress(100);
      return `up-${file.name}`;
    },
    create: async (body) => ({
      ok: true,
      value: { id: 1, name: body.name, ext: body.ext, files: [entry(1, body.name)] } as CreateFileResult,
    }),
    tooLarge: (limit) => `over ${limit}`,
    ...overrides,
  };
}

const events = () => ({ onStatus: vi.fn(), onProgress: vi.fn(), onFailure: vi.fn() });

describe('importFiles (spec §4)', () => {
  it('uploads each file, then creates its entry with the upload id', async () => {
    const create = vi.fn(steps().create);
    const ev = events();
    const files = [new File(['ATOM'], 'a.pdb'), new File(['x'], 'b.SDF')];
    const result = await importFiles(files, 4, steps({ create }), ev);
    expect(result).toMatchObject({ succeeded: 2, failed: 0 });
    expect(result.created.map((f) => f.name)).toEqual(['a.pdb', 'b.SDF']);
    expect(create.mock.calls[0]?.[0]).toEqual({
      name: 'a.pdb',
      project_id: 4,
      file_url: 'up-a.pdb',
      ext: 'pdb',
      file_type: 'PDB',
      source_type: 'ALIYUN',
      is_show_entry: true,
    });
    expect(create.mock.calls[1]?.[0]).toMatchObject({ ext: 'sdf', file_type: 'SDF' });
    expect(ev.onProgress).toHaveBeenCalledWith(0, 50);
    expect(ev.onStatus).toHaveBeenCalledWith(1, 'done');
  });

  it('keeps two uploads in flight at once and the results in the chosen order', async () => {
    // Each upload finishes when the test says so: the first file is the slowest, later ones overtake it.
    const finish = new Map<string, () => void>();
    const started: string[] = [];
    let inFlight = 0;
    let most = 0;
    const upload: ImportSteps['upload'] = (file) =>
      new Promise<string>((resolve) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        started.push(file.name);
        finish.set(file.name, () => {
          inFlight -= 1;
          resolve(`up-${file.name}`);
        });
      });
    const files = ['a.pdb', 'b.pdb', 'c.pdb', 'd.pdb'].map((n) => new File(['ATOM'], n));
    const done = importFiles(files, 4, steps({ upload }), events());
    await vi.waitFor(() => expect(started).toEqual(['a.pdb', 'b.pdb']));
    finish.get('b.pdb')?.();
    await vi.waitFor(() => expect(started).toEqual(['a.pdb', 'b.pdb', 'c.pdb']));
    finish.get('c.pdb')?.();
    await vi.waitFor(() => expect(started).toContain('d.pdb'));
    finish.get('d.pdb')?.();
    finish.get('a.pdb')?.();
    const result = await done;
    expect(most).toBe(PARALLEL_FILES);
    expect(result.created.map((f) => f.name)).toEqual(['a.pdb', 'b.pdb', 'c.pdb', 'd.pdb']);
  });

  it('skips a failing file and goes on with the others', async () => {
    const ev = events();
    const upload = vi.fn(async (file: File) => {
      if (file.name === 'bad.pdb') throw new Error('tus: failed');
      return 'ok';
    });
    const result = await importFiles(
      [new File(['1'], 'bad.pdb'), new File(['2'], 'good.pdb')],
      4,
      steps({ upload }),
      ev,
    );
    expect(result).toMatchObject({ succeeded: 1, failed: 1 });
    expect(ev.onFailure).toHaveBeenCalledTimes(1);
    expect(ev.onFailure.mock.calls[0]?.[0].name).toBe('bad.pdb');
    expect(ev.onStatus).toHaveBeenCalledWith(0, 'error', 'tus: failed');
    expect(ev.onStatus).toHaveBeenCalledWith(1, 'done');
  });

  it('reports a refused entry, missing settings and a file over the size limit', async () => {
    const ev = events();
    const result = await importFiles(
      [new File(['x'.repeat(2000)], 'big.pdb'), new File(['1'], 'c.pdb')],
      4,
      steps({ create: async () => ({ ok: false, detail: 'The file c.pdb is not a valid PDB file' }) }),
      ev,
    );
    expect(result).toMatchObject({ succeeded: 0, failed: 2 });
    expect(ev.onFailure.mock.calls.map((call) => call[1])).toEqual([
      'over 1000',
      'The file c.pdb is not a valid PDB file',
    ]);

    const ev2 = events();
    await importFiles(
      [new File(['1'], 'd.pdb')],
      4,
      steps({ credentials: async () => ({ ok: false, detail: 'Network error.' }) }),
      ev2,
    );
    expect(ev2.onFailure.mock.calls[0]?.[1]).toBe('Network error.');
  });
});

describe('entry names and accepted types', () => {
  it('keeps names within 70 characters, extension included', () => {
    const long = `${'x'.repeat(100)}.mol2`;
    expect(entryName(long)).toHaveLength(70);
    expect(entryName(long).endsWith('.mol2')).toBe(true);
    expect(entryName('  short.pdb ')).toBe('short.pdb');
  });

  it('accepts the spec §5 import extensions only', () => {
    expect(isImportable('a.PDB')).toBe(true);
    expect(isImportable('traj.xtc')).toBe(true);
    expect(isImportable('bundle.zip')).toBe(true);
    expect(isImportable('photo.png')).toBe(false);
    expect(isImportable('noext')).toBe(false);
  });

  it('maps .mol to SDF and other extensions to their upper case', () => {
    expect(createRequest(new File([''], 'm.mol'), 1, 'u').file_type).toBe('SDF');
    expect(createRequest(new File([''], 'a.Pdb'), 1, 'u').file_type).toBe('PDB');
  });
});
