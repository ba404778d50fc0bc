import {
  type LigandJobParams,
  PREPARATION_DEFAULTS,
  PREPARATION_JOB_TYPES,
  PREPARE_LIGAND_EXTS,
  PREPARE_PROTEIN_EXTS,
  type ProteinJobParams,
} from '@medx/contract';
import type { FilesRepository } from '../files/files.repository';
import { booleanParam, dataParam, fileIdsOf, numberParam } from '../tools/step-params';
import type { StepTool, StepToolSource } from '../tools/step-tools';

const ph = numberParam('ph', 'pH', PREPARATION_DEFAULTS.ph, { min: 0, max: 14 });

/**
 * Quick Prepare and ligand preparation as workflow steps: the same jobs as the Entry
 * List's actions, so a workflow's prepared files are those a user would have made.
 */
export function preparationStepTools(files: FilesRepository): StepToolSource {
  const outputsByExt = (ext: string) => async (job: { id: number }) => ({
    prepared: (await files.listByJob(job.id)).filter((f) => f.ext === ext).map((f) => f.id),
  });
  const tools: StepTool[] = [
    {
      id: 'medx_quick_prepare_protein',
      name: 'Quick Prepare protein',
      version: '1.0',
      description: 'waters and other hetero groups removed, missing atoms added, hydrogens at a pH',
      inputs: [
        dataParam('protein', 'Protein', PREPARE_PROTEIN_EXTS),
        booleanParam('keep_waters', 'Keep waters', PREPARATION_DEFAULTS.keepWaters),
        booleanParam('keep_metals', 'Keep metal ions', PREPARATION_DEFAULTS.keepMetals),
        booleanParam('repair', 'Add missing atoms (pdbfixer)', PREPARATION_DEFAULTS.repair),
        ph,
      ],
      outputs: [{ name: 'prepared', format: 'pdb', label: 'Prepared protein' }],
      unavailable: null,
      job: async (values) => {
        const params: ProteinJobParams = {
          protein_id: fileIdsOf(values.protein)[0]!,
          keep_waters: values.keep_waters === true,
          keep_metals: values.keep_metals === true,
          keep_hetero: [],
          repair: values.repair === true,
          ph: Number(values.ph),
        };
        return { jobType: PREPARATION_JOB_TYPES.protein, params };
      },
      outputsOf: outputsByExt('pdb'),
    },
    {
      id: 'medx_prepare_ligand',
      name: 'Prepare ligands',
      version: '1.0',
      description: 'every molecule protonated at a pH, in 3D, minimised',
      inputs: [
        dataParam('ligand', 'Ligands', PREPARE_LIGAND_EXTS),
        ph,
        booleanParam('minimize', 'Minimise (MMFF94, else UFF)', PREPARATION_DEFAULTS.minimize),
      ],
      outputs: [{ name: 'prepared', format: 'sdf', label: 'Prepared ligands' }],
      unavailable: null,
      job: async (values) => {
        const params: LigandJobParams = {
          ligand_id: fileIdsOf(values.ligand)[0]!,
          ph: Number(values.ph),
          minimize: values.minimize === true,
        };
        return { jobType: PREPARATION_JOB_TYPES.ligand, params };
      },
      outputsOf: outputsByExt('sdf'),
    },
  ];
  return { get: async (id) => tools.find((tool) => tool.id === id) };
}
