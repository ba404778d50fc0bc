import type { ProjectFile } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIBRARY,
  hasCsv,
  libraryFiles,
  pickLibrary,
  toScreeningRequest,
  withScreeningJob,
} from './library-rules';

const file = (id: number, type: string) =>
  ({ id, name: `f${id}.${type.toLowerCase()}`, file_type: type }) as ProjectFile;
const box = { size_x: 20.123, size_y: 18, size_z: 22, center_x: 1.5, center_y: -2.255, center_z: 30 };

describe('library mode of the docking wizard', () => {
  it('gives each file one role: picking it as an active takes it out of the library and the decoys', () => {
    const start = pickLibrary(EMPTY_LIBRARY, 'files', [file(1, 'SDF'), file(2, 'SMI')]);
    const withDecoys = pickLibrary(start, 'decoys', [file(3, 'SDF')]);
    const moved = pickLibrary(withDecoys, 'actives', [file(2, 'SMI'), file(3, 'SDF')]);
    expect(moved.files.map((f) => f.id)).toEqual([1]);
    expect(moved.actives.map((f) => f.id)).toEqual([2, 3]);
    expect(moved.decoys).toEqual([]);
    expect(libraryFiles(moved).map((f) => f.id)).toEqual([1, 2, 3]);
  });

  it('sends the CSV column names only with a CSV file, empty names and settings left to the server', () => {
    const columns = { smiles_column: ' SMILES ', name_column: '', activity_column: 'label' };
    const sdfOnly = { ...EMPTY_LIBRARY, files: [file(1, 'SDF')], columns };
    expect(hasCsv(sdfOnly)).toBe(false);
    const settings = { job_name: '  ', exhaustiveness: 8, energy_range: 3, seed: null };
    expect(toScreeningRequest(4, 9, sdfOnly, box, settings)).toEqual({
      project_id: 4,
      protein_id: 9,
      pocket: { size_x: 20.12, size_y: 18, size_z: 22, center_x: 1.5, center_y: -2.25, center_z: 30 },
      library: {
        file_ids: [1],
        actives_file_ids: [],
        decoys_file_ids: [],
        smiles_column: undefined,
        name_column: undefined,
        activity_column: undefined,
      },
      settings: { job_name: undefined, exhaustiveness: 8, energy_range: 3, seed: undefined },
    });
    const csv = { ...sdfOnly, files: [file(1, 'CSV')] };
    const request = toScreeningRequest(4, 9, csv, box, { ...settings, job_name: ' Kinase screen ', seed: 42 });
    expect(request.library).toMatchObject({
      smiles_column: 'SMILES',
      name_column: undefined,
      activity_column: 'label',
    });
    expect(request.settings).toEqual({ job_name: 'Kinase screen', exhaustiveness: 8, energy_range: 3, seed: 42 });
  });

  it('shows the new screen through the address, without the Job Result dialog', () => {
    const next = withScreeningJob(new URLSearchParams('project=3&jobType=DOCKING&jobId=2&jobStatus=FAILED'), 12);
    expect(next.toString()).toBe('project=3&jobType=SCREENING&jobId=12');
  });
});
