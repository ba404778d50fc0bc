import {
  DOCKING_DEFAULTS,
  DOCKING_JOB_TYPE,
  DOCKING_LIMITS,
  DockingJobParams,
  DockingSettings,
  VINA_SEED,
} from '@medx/contract';
import { parseVinaBox } from '../../chem/vina-box-file';
import type { FilesRepository } from '../files/files.repository';
import { dataParam, fileIdsOf, numberParam } from '../tools/step-params';
import type { StepTool, StepToolSource } from '../tools/step-tools';

/**
 * Docking as a workflow step: the DOCKING job the docking window submits, with the box
 * from a box file (the pocket step's, or any Vina configuration). Its result is the
 * docking result users know (ranked table, 3D), and the same inputs, box and seed give
 * the same poses as the window.
 */
export function dockingStepTools(files: FilesRepository): StepToolSource {
  const byName = (suffix: string) => async (job: { id: number }) =>
    (await files.listByJob(job.id)).filter((f) => f.name.endsWith(suffix)).map((f) => f.id);
  const tool: StepTool = {
    id: 'medx_docking',
    name: 'Docking (AutoDock Vina)',
    version: '1.0',
    description: 'ligands docked into a receptor, ranked by score, with their complexes',
    inputs: [
      dataParam('receptor', 'Receptor', ['pdb', 'pdbqt']),
      dataParam('ligands', 'Ligands', ['sdf', 'mol2', 'pdbqt'], { multiple: true }),
      dataParam('box', 'Box', ['txt'], {
        help: 'A Vina configuration with center_x … size_z (the pocket step writes one).',
      }),
      numberParam('exhaustiveness', 'Exhaustiveness', DOCKING_DEFAULTS.exhaustiveness, {
        integer: true,
        min: 1,
        max: DOCKING_LIMITS.exhaustivenessMax,
      }),
      numberParam('num_modes', 'Poses per ligand', DOCKING_DEFAULTS.num_modes, {
        integer: true,
        min: 1,
        max: DOCKING_LIMITS.numModesMax,
      }),
      numberParam('energy_range', 'Energy range (kcal/mol)', DOCKING_DEFAULTS.energy_range, {
        min: 0.1,
        max: DOCKING_LIMITS.energyRangeMax,
      }),
      numberParam('seed', 'Random seed', 42, {
        integer: true,
        min: VINA_SEED.min,
        max: VINA_SEED.max,
        help: 'The same seed and inputs give the same poses.',
      }),
    ],
    outputs: [
      { name: 'poses', format: 'sdf', label: 'Docked poses' },
      { name: 'complexes', format: 'pdb', label: 'Complexes (best pose)' },
      { name: 'receptor', format: 'pdbqt', label: 'Prepared receptor' },
    ],
    unavailable: null,
    job: async (values, { projectId, read }) => {
      const [boxFile] = fileIdsOf(values.box);
      const pocket = parseVinaBox((await read(boxFile!)).toString('utf8'));
      const params = DockingJobParams.parse({
        project_id: projectId,
        protein_id: fileIdsOf(values.receptor)[0],
        ligand_ids: fileIdsOf(values.ligands),
        pocket,
        settings: {
          ...DockingSettings.parse({
            exhaustiveness: Number(values.exhaustiveness),
            num_modes: Number(values.num_modes),
            energy_range: Number(values.energy_range),
          }),
          seed: Number(values.seed),
        },
      });
      return { jobType: DOCKING_JOB_TYPE, params };
    },
    outputsOf: async (job) => ({
      poses: await byName('_docked.sdf')(job),
      complexes: await byName('_complex.pdb')(job),
      receptor: await byName('.pdbqt')(job),
    }),
  };
  return { get: async (id) => (id === tool.id ? tool : undefined) };
}
