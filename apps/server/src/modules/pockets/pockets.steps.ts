import { POCKET_DEFAULTS, POCKET_JOB_TYPE, type PocketJobParams } from '@medx/contract';
import { vinaBoxText } from '../../chem/vina-box-file';
import type { ExecutorOf } from '../../platform';
import type { FilesRepository } from '../files/files.repository';
import { dataParam, fileIdsOf, numberParam } from '../tools/step-params';
import type { StepTool, StepToolSource } from '../tools/step-tools';
import type { PocketsService } from './pockets.service';

/**
 * The DETECT_POCKETS job: the cavities of a protein (the same detection as the docking
 * window's), the best one's box written as a Vina configuration file, every pocket in
 * the result table. As a workflow step it feeds the docking step its box.
 */
export function pocketExecutor(files: FilesRepository, pockets: PocketsService): ExecutorOf<typeof POCKET_JOB_TYPE> {
  return async (ctx) => {
    const file = await files.findById(ctx.params.protein_id);
    if (!file || file.project_id !== ctx.job.project_id) throw new Error('The protein file no longer exists.');
    await ctx.log(`Cavity detection on ${file.name}.${file.ext}\n`);
    let found: Awaited<ReturnType<PocketsService['detectIn']>>;
    try {
      found = await pockets.detectIn(file, ctx.params.max);
    } catch (err) {
      throw new Error(`No pocket could be detected: ${err instanceof Error ? err.message : String(err)}`);
    }
    ctx.throwIfCancelled();
    if (found.length === 0) throw new Error(`No pocket was found in ${file.name} that fits a docking box.`);
    for (const p of found) {
      await ctx.log(
        `pocket ${p.rank}: score ${p.score.toFixed(1)}, volume ${p.volume.toFixed(0)} Å³, ${p.residues.length} residues\n`,
      );
    }
    const base = file.name.replace(/\.[^.]+$/, '') || 'protein';
    await ctx.output(`${base}_pocket1_box.txt`, 'txt', vinaBoxText(found[0]!.pocket));
    await ctx.provenance({ method: 'grid buriedness (pockets/cavity.ts)', details: found });
  };
}

export function pocketStepTools(files: FilesRepository): StepToolSource {
  const tool: StepTool = {
    id: 'medx_detect_pocket',
    name: 'Detect pocket',
    version: '1.0',
    description: "the protein's most buried cavity as a docking box",
    inputs: [
      dataParam('protein', 'Protein', ['pdb', 'cif', 'pdbqt']),
      numberParam('max', 'Pockets to list', POCKET_DEFAULTS.max, { integer: true, min: 1, max: 20 }),
    ],
    outputs: [{ name: 'box', format: 'txt', label: 'Box of the best pocket (Vina configuration)' }],
    unavailable: null,
    job: async (values) => {
      const params: PocketJobParams = { protein_id: fileIdsOf(values.protein)[0]!, max: Number(values.max) };
      return { jobType: POCKET_JOB_TYPE, params };
    },
    outputsOf: async (job) => ({
      box: (await files.listByJob(job.id)).filter((f) => f.ext === 'txt').map((f) => f.id),
    }),
  };
  return { get: async (id) => (id === tool.id ? tool : undefined) };
}
