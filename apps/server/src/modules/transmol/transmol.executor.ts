import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TRANSMOL_JOB_TYPE, TransMolResultRow } from '@medx/contract';
import { pythonCommand } from '../../chem/python';
import type { ExecutorOf } from '../../platform';
import { transmolCsv } from './transmol-csv';

/** What medx_chem.transmol answers (apps/server/python/medx_chem/transmol.py). */
interface TransMolAnswer {
  seeds: [string, string];
  molecules: TransMolResultRow[];
  sdf: string;
  stats: Record<string, number>;
}

/** Provenance of a TransMol job: what the result window and the ligand export read. */
export type TransMolProvenance = {
  method: string;
  python: { module: string; sha256: string };
  seeds: [string, string];
  stats: Record<string, number>;
  sdf_file_id: number;
  csv_file_id: number;
  details: TransMolResultRow[];
};

/** A job name as a file name prefix: letters, digits, '-' and '_' only. */
export const filePrefix = (jobName: string) => jobName.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'TransMol';

/**
 * TRANSMOL_WORKFLOW: STONED-SELFIES generation and scoring in medx_chem.transmol (one Python
 * run, seconds for 100 molecules); the molecules become the job's result rows, and all of
 * them with their scores an SDF (2D) and a CSV output.
 */
export function transmolExecutor(): ExecutorOf<typeof TRANSMOL_JOB_TYPE> {
  return async (ctx) => {
    const p = ctx.params;
    const prefix = filePrefix(ctx.job.job_name ?? 'TransMol');
    const program = pythonCommand('transmol', 'transmol_in.json', 'transmol_out.json');
    await writeFile(
      join(ctx.workDir, 'transmol_in.json'),
      JSON.stringify({
        smiles1: p.smiles1,
        smiles2: p.smiles2,
        epsilon: p.epsilon,
        number: p.number,
        remain_range_ge: p.remain_range_ge,
        remain_range_le: p.remain_range_le,
        seed: p.seed,
        prefix,
      }),
    );
    await ctx.log(
      `TransMol (STONED-SELFIES): ${p.number} molecules between ${p.smiles1} and ${p.smiles2}, ` +
        `epsilon ${p.epsilon}, ranks ${p.remain_range_ge} to ${p.remain_range_le}, random seed ${p.seed}\n`,
    );
    await ctx.run(program.command, program.args, { env: program.env });
    const answer = JSON.parse(await readFile(join(ctx.workDir, 'transmol_out.json'), 'utf8')) as TransMolAnswer;
    const sdfId = await ctx.output(`${prefix}_2d.sdf`, 'sdf', answer.sdf);
    const csvId = await ctx.output(`${prefix}.csv`, 'csv', transmolCsv(answer.molecules));
    await ctx.log(`${answer.molecules.length} molecules kept (${JSON.stringify(answer.stats)}).\n`);
    const provenance: TransMolProvenance = {
      method: 'STONED-SELFIES (Nigam et al. 2021)',
      python: { module: program.module, sha256: program.sha256 },
      seeds: answer.seeds,
      stats: answer.stats,
      sdf_file_id: sdfId,
      csv_file_id: csvId,
      details: answer.molecules,
    };
    await ctx.provenance(provenance);
  };
}
