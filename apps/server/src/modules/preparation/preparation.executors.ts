/**
 * Executors of QUICK_PREPARE_PROTEIN and PREPARE_LIGAND. Tools run through the job
 * context (argument arrays, the job's private directory, killed on cancel, output in
 * the job log); their results are files in that directory.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LigandPrepDetail, ProteinPrepDetail } from '@medx/contract';
import { obabelFormat } from '../../chem/index';
import { OBABEL_ENV } from '../../chem/openbabel';
import { cleanProtein, mergeHydrogens, summarizePdb } from '../../chem/protein-clean';
import { proteinPdbText } from '../../chem/protein-pdb';
import { pythonCommand } from '../../chem/python';
import { readSdf } from '../../chem/readers/sdf';
import type { JobContext } from '../../jobs/job-context';
import type { ExecutorOf } from '../../platform';
import { baseName } from '../files/file-records';
import type { FilesRepository } from '../files/files.repository';
import type { FilesService } from '../files/files.service';
import { LIGAND_MAX_HEAVY_ATOMS, ligandMolecules } from './ligand-molecules';

export interface PreparationDeps {
  files: FilesRepository;
  fileRules: FilesService;
}

const obabel = () => process.env.MEDX_OBABEL ?? 'obabel';

async function readOptional(path: string): Promise<string | null> {
  return readFile(path, 'utf8').catch(() => null);
}

async function sourceText(deps: PreparationDeps, id: number, ctx: JobContext) {
  const file = await deps.files.findById(id);
  // Submission checked it; it may have been deleted while the job waited.
  if (!file || file.project_id !== ctx.job.project_id) throw new Error(`The input file ${id} no longer exists.`);
  return { file, text: await deps.fileRules.readText(file) };
}

const listCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ×${n}`)
    .join(', ');
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** QUICK_PREPARE_PROTEIN: clean, optionally repair (pdbfixer), protonate (Open Babel -p pH). */
export function quickPrepareProtein(deps: PreparationDeps): ExecutorOf<'QUICK_PREPARE_PROTEIN'> {
  return async (ctx) => {
    const { params } = ctx;
    const { file, text } = await sourceText(deps, params.protein_id, ctx);
    await ctx.progress(0, 3);
    const pdb = await proteinPdbText(file.ext, text);
    const { pdb: cleaned, report } = cleanProtein(pdb, {
      keepWaters: params.keep_waters,
      keepMetals: params.keep_metals !== false,
      keepHetero: params.keep_hetero,
    });
    if (report.aminoAcids === 0) throw new Error(`${file.name} holds no protein residues.`);
    await writeFile(join(ctx.workDir, 'clean.pdb'), cleaned);
    await ctx.log(
      `Cleaned ${file.name}: ${report.watersRemoved} waters removed; hetero groups removed: ${listCounts(report.heteroRemoved) || 'none'}; ` +
        `${report.altLocsDropped} alt-loc atoms dropped; ${report.hydrogensRemoved} input hydrogens removed.\n`,
    );
    await ctx.progress(1, 3);

    let toProtonate = 'clean.pdb';
    let repair: { added: number; residues: string[]; terminals: string[] } | null = null;
    let repairNote = 'not requested';
    const fixer = params.repair ? pythonCommand('fix_protein', 'fixer_in.json', 'fixer.json') : null;
    if (fixer) {
      try {
        await writeFile(
          join(ctx.workDir, 'fixer_in.json'),
          JSON.stringify({ input: 'clean.pdb', output: 'fixed.pdb' }),
        );
        await ctx.run(fixer.command, fixer.args, { env: fixer.env });
        const json = await readOptional(join(ctx.workDir, 'fixer.json'));
        if (!json) throw new Error('pdbfixer wrote no report');
        repair = JSON.parse(json) as { added: number; residues: string[]; terminals: string[] };
        toProtonate = 'fixed.pdb';
        repairNote = [...repair.residues, ...repair.terminals].join('; ') || 'nothing was missing';
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        // A structure pdbfixer cannot read is still worth protonating: report, go on.
        repairNote = `pdbfixer failed (${err instanceof Error ? err.message : String(err)}); continued without repair`;
        await ctx.log(`${repairNote}\n`);
      }
    }
    await ctx.progress(2, 3);

    // Open Babel on one thread (OBABEL_ENV): its OpenMP pool would take every core (issue 9).
    await ctx.run(obabel(), ['-ipdb', toProtonate, '-p', String(params.ph), '-opdb', '-O', 'protonated.pdb'], {
      env: OBABEL_ENV,
    });
    const protonated = await readOptional(join(ctx.workDir, 'protonated.pdb'));
    if (!protonated || !/^(ATOM|HETATM)/m.test(protonated))
      throw new Error('Open Babel wrote no protonated structure.');
    const prepared = mergeHydrogens(await readFile(join(ctx.workDir, toProtonate), 'utf8'), protonated);
    const summary = summarizePdb(prepared);
    const name = `${baseName(file.name)}_prepared.pdb`;
    const outputId = await ctx.output(name, 'pdb', prepared, { showEntry: true });

    const details: ProteinPrepDetail[] = [
      {
        item: 'input_atoms',
        count: report.inputAtoms,
        detail: `${file.name}: ${report.inputAtoms} atom records (first model)`,
      },
      {
        item: 'waters_removed',
        count: report.watersRemoved,
        detail: params.keep_waters ? 'waters kept on request' : 'water molecules removed',
      },
      { item: 'hetero_removed', count: sum(report.heteroRemoved), detail: listCounts(report.heteroRemoved) || 'none' },
      { item: 'hetero_kept', count: sum(report.heteroKept), detail: listCounts(report.heteroKept) || 'none' },
      {
        item: 'altlocs_dropped',
        count: report.altLocsDropped,
        detail: 'atoms of alternate locations other than the first (A) of each residue',
      },
      {
        item: 'hydrogens_removed',
        count: report.hydrogensRemoved,
        detail: 'hydrogens of the input, replaced by those added at the pH',
      },
      { item: 'missing_atoms_added', count: repair?.added ?? 0, detail: repairNote },
      { item: 'hydrogens_added', count: summary.hydrogens, detail: `Open Babel, pH ${params.ph}` },
      { item: 'chains', count: summary.chains.length, detail: summary.chains.map((c) => c || '(blank)').join(', ') },
      { item: 'residues', count: report.aminoAcids, detail: 'amino-acid residues' },
      {
        item: 'output_atoms',
        count: summary.atoms,
        detail: `${name}: ${summary.heavyAtoms} heavy atoms + ${summary.hydrogens} hydrogens`,
      },
    ];
    await ctx.log(`${details.map((d) => `${d.item}: ${d.count} (${d.detail})`).join('\n')}\n`);
    await ctx.provenance({
      tool: 'quick_prepare_protein',
      ph: params.ph,
      repair: params.repair,
      keep_waters: params.keep_waters,
      keep_metals: params.keep_metals !== false,
      keep_hetero: params.keep_hetero,
      python: fixer && { module: fixer.module, sha256: fixer.sha256 },
      output_file_id: outputId,
      details,
    });
    await ctx.progress(3, 3);
  };
}

interface PythonResult {
  index: number;
  ok: boolean;
  error?: string;
  molblock?: string;
  smiles?: string;
  formal_charge?: number;
  atoms?: number;
  notes?: string[];
}

/** PREPARE_LIGAND: every molecule separately; the job fails only when none could be prepared. */
export function prepareLigand(deps: PreparationDeps): ExecutorOf<'PREPARE_LIGAND'> {
  return async (ctx) => {
    const { params } = ctx;
    const { file, text } = await sourceText(deps, params.ligand_id, ctx);
    const base = baseName(file.name);
    const molecules = await ligandMolecules(file.ext, text, base);
    if (molecules.length === 0) throw new Error(`${file.name} holds no molecule.`);
    const total = molecules.length + 1;
    const failures = new Map<number, string>();
    const items: { index: number; name: string; smiles?: string; molblock?: string }[] = [];
    const how = new Map<number, string>();

    // Step 1, Open Babel per molecule: protonation at the pH (-p alone: with -h the pH is ignored).
    for (const [n, m] of molecules.entries()) {
      if (m.heavyAtoms > LIGAND_MAX_HEAVY_ATOMS) {
        failures.set(m.index, `${m.heavyAtoms} heavy atoms: more than a ligand (at most ${LIGAND_MAX_HEAVY_ATOMS})`);
        continue;
      }
      const input = `in_${m.index}.${m.format}`;
      const output = `out_${m.index}.${m.is3d ? 'sdf' : 'smi'}`;
      await writeFile(join(ctx.workDir, input), m.content);
      const format = obabelFormat(m.format);
      try {
        await ctx.run(
          obabel(),
          [`-i${format}`, input, '-p', String(params.ph), m.is3d ? '-osdf' : '-ocan', '-O', output],
          { env: OBABEL_ENV },
        );
        const result = (await readOptional(join(ctx.workDir, output)))?.trim() ?? '';
        if (result === '') throw new Error('Open Babel could not read the molecule');
        if (m.is3d) items.push({ index: m.index, name: m.name, molblock: readSdf(result).records[0]!.molfile });
        else items.push({ index: m.index, name: m.name, smiles: result.split(/\s+/)[0]! });
        how.set(m.index, `protonated at pH ${params.ph} (Open Babel)`);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        failures.set(m.index, err instanceof Error ? err.message : String(err));
      }
      await ctx.progress(n + 1, total);
    }

    // Step 2, RDKit for all at once: 3D where needed, minimisation, checks.
    const results = new Map<number, PythonResult>();
    const rdkit = items.length > 0 ? pythonCommand('prepare_ligand', 'rdkit_in.json', 'rdkit_out.json') : null;
    if (rdkit) {
      await writeFile(
        join(ctx.workDir, 'rdkit_in.json'),
        JSON.stringify({ minimize: params.minimize, molecules: items }),
      );
      await ctx.run(rdkit.command, rdkit.args, { env: rdkit.env });
      const json = await readOptional(join(ctx.workDir, 'rdkit_out.json'));
      if (!json) throw new Error('RDKit wrote no result.');
      for (const r of JSON.parse(json) as PythonResult[]) results.set(r.index, r);
    }

    const details: LigandPrepDetail[] = [];
    const sdf: string[] = [];
    for (const m of molecules) {
      const r = results.get(m.index);
      const failure = failures.get(m.index) ?? (r && !r.ok ? r.error : r ? undefined : 'not processed');
      if (failure !== undefined || !r?.molblock) {
        details.push({
          index: m.index,
          name: m.name,
          status: 'FAILED',
          detail: failure ?? 'no result',
          smiles: null,
          formal_charge: null,
          atoms: null,
        });
        continue;
      }
      const source = m.is3d ? '3D input' : m.format === 'smi' ? 'SMILES input' : '2D input';
      details.push({
        index: m.index,
        name: m.name,
        status: 'SUCCESS',
        detail: [source, how.get(m.index), ...(r.notes ?? [])].filter(Boolean).join('; '),
        smiles: r.smiles ?? null,
        formal_charge: r.formal_charge ?? null,
        atoms: r.atoms ?? null,
      });
      sdf.push(`${r.molblock.replace(/\s+$/, '')}\n$$$$\n`);
    }
    const ok = details.filter((d) => d.status === 'SUCCESS').length;
    await ctx.log(
      `${details.map((d) => `#${d.index} ${d.name}: ${d.status === 'SUCCESS' ? 'prepared' : 'FAILED'}: ${d.detail}`).join('\n')}\n` +
        `${ok} of ${molecules.length} molecules prepared.\n`,
    );
    let outputId: number | null = null;
    if (ok > 0) outputId = await ctx.output(`${base}_prepared.sdf`, 'sdf', sdf.join(''), { showEntry: true });
    await ctx.provenance({
      tool: 'prepare_ligand',
      ph: params.ph,
      minimize: params.minimize,
      python: rdkit && { module: rdkit.module, sha256: rdkit.sha256 },
      prepared: ok,
      failed: molecules.length - ok,
      output_file_id: outputId,
      details,
    });
    await ctx.progress(total, total);
    if (ok === 0) {
      const first = details[0]?.detail ?? 'no molecule';
      throw new Error(`No molecule could be prepared (${first}).`);
    }
  };
}
