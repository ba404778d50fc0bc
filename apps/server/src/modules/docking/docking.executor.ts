import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { DOCKING_JOB_TYPE } from '@medx/contract';
import { mergeToPdb } from '../../chem/merge-pdb';
import { OBABEL_ENV } from '../../chem/openbabel';
import { type PythonCommand, pythonCommand, pythonModule } from '../../chem/python';
import { readSdf } from '../../chem/readers/sdf';
import { safeName, uniqueNames } from '../../chem/text';
import type { NewDockingResultRecord } from '../../db/schema';
import type { JobContext } from '../../jobs/job-context';
import { type Clock, iso } from '../../lib/clock';
import type { ExecutorOf } from '../../platform';
import type { ObjectStorage } from '../../storage/object-storage';
import type { FilesRepository } from '../files/files.repository';
import type { DockingRepository } from './docking.repository';
import type { DockingProvenance } from './docking.service';
import { type LigandMolecule, ligandFormatOf, ligandMolecules } from './ligand-input';
import type { RestoreAnswer, RestoreJob } from './pose-restore';
import { prepareReceptor } from './receptor-preparation';
import type { RingConformerAnswer, RingConformerJob } from './ring-conformers';
import { vinaError, vinaScores } from './vina-output';

export interface DockingExecutorDeps {
  results: DockingRepository;
  files: FilesRepository;
  storage: ObjectStorage;
  clock: Clock;
  /** Vina executable (default `vina`, or MEDX_VINA). */
  vina?: string;
  obabel?: string;
}

interface Step {
  command: string;
  args: string[];
  /** Wall time of the command (where a job's time went: Vina, or everything around it). */
  ms?: number;
  /** Our Python programs (args `-m medx_chem.<program>`): the hash of the code run (chem/python.ts). */
  sha256?: string;
}

/** One PDBQT docked for a ligand: its given conformation, or another ring conformation. */
interface DockEntry {
  /** Base name of the entry's files (`lig3`, `lig3_rc2`...); Vina writes out/<key>_out.pdbqt. */
  key: string;
  pdbqt: string;
  sha256: string;
  error: string | null;
}

interface Ligand {
  index: number;
  name: string;
  fileId: number;
  molecule: LigandMolecule | null;
  /** Base name of this ligand's files in the job directory. */
  key: string;
  template: string | null;
  pdbqt: string | null;
  pdbqtSha256?: string;
  /** What Vina docks for this ligand: the given conformation first, then ring conformers. */
  entries: DockEntry[];
  /** Non-aromatic rings of 5+ atoms, when ring conformers were asked for. */
  flexibleRings?: number;
  error: string | null;
}

const cancelled = (ctx: JobContext) => ctx.signal.aborted;

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The DOCKING executor: preparation with Open Babel, one Vina batch run, poses back to SDF. */
export function dockingExecutor(deps: DockingExecutorDeps): ExecutorOf<typeof DOCKING_JOB_TYPE> {
  const vina = deps.vina ?? process.env.MEDX_VINA ?? 'vina';
  const obabel = deps.obabel ?? process.env.MEDX_OBABEL ?? 'obabel';

  return async (ctx) => {
    const { params } = ctx;
    const { settings, pocket } = params;
    const steps: Step[] = [];
    const tool = async (command: string | PythonCommand, args: string[] = [], onOutput?: (text: string) => void) => {
      const python = typeof command === 'string' ? null : command;
      // Our Python programs are recorded as run (-m medx_chem.<program> ...) with the hash of their code.
      const step: Step = python
        ? { command: python.command, args: python.args, sha256: python.sha256 }
        : { command: String(command), args };
      steps.push(step);
      const started = performance.now();
      try {
        // Open Babel on one thread: its OpenMP pool would take every core from the server (issue 9).
        const env = python ? python.env : command === obabel ? OBABEL_ENV : undefined;
        await ctx.run(step.command, step.args, { onOutput, env });
      } finally {
        step.ms = Math.round(performance.now() - started);
      }
    };
    /** Runs a tool whose failure is one ligand's, not the job's: answers the reason, or null. */
    const tryTool = async (command: string | PythonCommand, args: string[] = []): Promise<string | null> => {
      let out = '';
      const name = typeof command === 'string' ? command : command.command;
      try {
        await tool(command, args, (t) => {
          out += t;
        });
        return null;
      } catch (error) {
        if (cancelled(ctx)) throw error;
        return `${name} failed: ${out.trim().split('\n').slice(-3).join(' ') || (error as Error).message}`.slice(
          0,
          500,
        );
      }
    };

    // A run after a crash starts clean: rows and outputs of the interrupted attempt go.
    await deps.results.deleteByJob(ctx.job.id);
    for (const file of await deps.files.listByJob(ctx.job.id)) {
      await deps.files.delete(file.id);
      await deps.storage.delete(file.storage_key);
    }

    let vinaVersion = '';
    await tool(vina, ['--version'], (t) => {
      vinaVersion += t;
    });
    vinaVersion = vinaVersion.trim().split('\n').pop() ?? vinaVersion.trim();

    // Receptor.
    const receptor = await prepareReceptor(deps, ctx.workDir, params.protein_id, params.prepared_receptor, (args) =>
      tool(obabel, args),
    );
    const { protein, receptorPdb } = receptor;
    const inputs: DockingProvenance['inputs'] = [
      { role: 'protein', file_id: protein.id, name: protein.name, sha256: sha256(receptor.proteinBuffer) },
    ];
    const preparation: Record<string, unknown> = { receptor: receptor.preparation };

    // The receptor Vina gets is kept with the job: a rerun docks into exactly this one.
    const preparedReceptor = {
      file_id: await ctx.output(
        `${safeName(protein.name.replace(/\.[^.]+$/, ''), 'receptor')}_prepared.pdbqt`,
        'pdbqt',
        receptor.pdbqt,
      ),
      sha256: sha256(receptor.pdbqt),
    };

    // Ligands: every molecule of every file, named uniquely across the job.
    const ligands: Ligand[] = [];
    for (const fileId of [...new Set(params.ligand_ids)]) {
      const file = await deps.files.findById(fileId);
      const format = file ? ligandFormatOf(file.file_type) : null;
      if (!file || !format) {
        ligands.push({
          index: ligands.length,
          name: `file ${fileId}`,
          fileId,
          molecule: null,
          key: '',
          template: null,
          pdbqt: null,
          entries: [],
          error: 'The ligand file no longer exists.',
        });
        continue;
      }
      const buffer = await deps.storage.getBuffer(file.storage_key);
      inputs.push({ role: 'ligand', file_id: file.id, name: file.name, sha256: sha256(buffer) });
      const molecules = await ligandMolecules(file.name, format, buffer.toString('utf8'));
      for (const molecule of molecules) {
        ligands.push({
          index: ligands.length,
          name: molecule.name,
          fileId,
          molecule,
          key: `lig${ligands.length + 1}`,
          template: null,
          pdbqt: null,
          entries: [],
          error: null,
        });
      }
    }
    const unique = uniqueNames(ligands.map((l) => l.name));
    ligands.forEach((l, i) => {
      l.name = unique[i] ?? l.name;
    });
    const total = ligands.length;
    let failedCount = ligands.filter((l) => l.error).length;
    await ctx.progress(0, total);

    for (const ligand of ligands) {
      if (!ligand.molecule) continue;
      const { format, content } = ligand.molecule;
      const input = `${ligand.key}_in.${format}`;
      await writeFile(join(ctx.workDir, input), content);
      if (format === 'sdf') {
        ligand.template = input;
      } else if (format === 'mol2') {
        // MOL2 keeps bond orders; RDKit reads them best from Open Babel's SDF.
        const error = await tryTool(obabel, [input, '-osdf', '-O', `${ligand.key}_template.sdf`]);
        if (!error && existsSync(join(ctx.workDir, `${ligand.key}_template.sdf`))) {
          ligand.template = `${ligand.key}_template.sdf`;
        }
      }
      const pdbqt = `${ligand.key}.pdbqt`;
      if (format === 'pdbqt') {
        await writeFile(join(ctx.workDir, pdbqt), content);
      } else {
        const error = await tryTool(obabel, [input, '-p', '7.4', '-O', pdbqt]);
        const made = await readFile(join(ctx.workDir, pdbqt), 'utf8').catch(() => '');
        if (error || !/^(ATOM|HETATM)/m.test(made)) {
          ligand.error = error ?? 'Open Babel could not convert the ligand to PDBQT.';
          failedCount++;
          continue;
        }
      }
      ligand.pdbqt = pdbqt;
      ligand.pdbqtSha256 = sha256(await readFile(join(ctx.workDir, pdbqt)));
      ligand.entries.push({ key: ligand.key, pdbqt, sha256: ligand.pdbqtSha256, error: null });
    }

    // Ring conformations (settings.ring_conformers > 1): extra entries for ligands with a
    // non-aromatic ring, prepared by the same Open Babel command as the given one. A
    // failure here costs only the extra conformations, never the ligand.
    const ringConformers = settings.ring_conformers ?? 1;
    const withTemplate = ligands.filter((l) => l.pdbqt && l.template);
    if (ringConformers > 1 && withTemplate.length > 0) {
      const manifest: RingConformerJob[] = withTemplate.map((l) => ({
        key: l.key,
        template: l.template!,
        wanted: ringConformers,
        seed: settings.seed,
      }));
      await writeFile(join(ctx.workDir, 'rings.json'), JSON.stringify(manifest));
      const rings = pythonCommand('ring_conformers', 'rings.json', 'rings_out.json');
      const error = await tryTool(rings);
      const answers: RingConformerAnswer[] = error
        ? []
        : JSON.parse(await readFile(join(ctx.workDir, 'rings_out.json'), 'utf8'));
      preparation.ring_conformers = error ?? {
        wanted: ringConformers,
        module: rings.module,
        script_sha256: rings.sha256,
      };
      for (const [i, ligand] of withTemplate.entries()) {
        const answer = answers[i];
        if (!answer?.ok) continue;
        ligand.flexibleRings = answer.rings;
        for (const file of answer.files) {
          const key = file.replace(/\.sdf$/, '');
          const pdbqt = `${key}.pdbqt`;
          const failed = await tryTool(obabel, [file, '-p', '7.4', '-O', pdbqt]);
          const made = await readFile(join(ctx.workDir, pdbqt), 'utf8').catch(() => '');
          if (failed || !/^(ATOM|HETATM)/m.test(made)) continue;
          ligand.entries.push({ key, pdbqt, sha256: sha256(made), error: null });
        }
      }
    }
    await ctx.progress(failedCount, total);

    // Vina, once for all ligands (batch mode: the grid maps are computed once). Vina
    // stops at the first ligand it cannot read; that ligand is failed and the run
    // resumes with the ones after it.
    const outDir = join(ctx.workDir, 'out');
    await mkdir(outDir, { recursive: true });
    const outFile = (e: DockEntry) => join(outDir, `${e.key}_out.pdbqt`);
    const cpu = availableParallelism();
    // Batch mode reads the ligands after the grid, which is how a failure is pinned on a
    // ligand rather than on the receptor or box; --ligand reads first. So a failed
    // single-ligand run is repeated once in batch mode to tell which it was.
    let forceBatch = false;
    const vinaArgs = (batch: DockEntry[]) => [
      '--receptor',
      'receptor.pdbqt',
      // One ligand: --ligand/--out, so Vina computes grid maps for that ligand's atom types
      // only (batch mode maps every type: +2% on 7CNQ at exhaustiveness 32, same poses).
      ...(batch.length === 1 && !forceBatch
        ? ['--ligand', batch[0]!.pdbqt, '--out', join('out', `${batch[0]!.key}_out.pdbqt`)]
        : [...batch.flatMap((e) => ['--batch', e.pdbqt]), '--dir', 'out']),
      '--scoring',
      'vina',
      '--center_x',
      String(pocket.center_x),
      '--center_y',
      String(pocket.center_y),
      '--center_z',
      String(pocket.center_z),
      '--size_x',
      String(pocket.size_x),
      '--size_y',
      String(pocket.size_y),
      '--size_z',
      String(pocket.size_z),
      '--exhaustiveness',
      String(settings.exhaustiveness),
      '--num_modes',
      String(settings.num_modes),
      '--energy_range',
      String(settings.energy_range),
      '--min_rmsd',
      String(settings.min_rmsd),
      '--cpu',
      String(cpu),
      '--seed',
      String(settings.seed),
    ];
    let pending = ligands.flatMap((l) => l.entries);
    // Progress in ligands: one is done when each of its entries has its output.
    const watch = setInterval(() => {
      void readdir(outDir)
        .then((names) => {
          const written = new Set(names);
          const done = ligands.filter(
            (l) => l.entries.length > 0 && l.entries.every((e) => e.error || written.has(`${e.key}_out.pdbqt`)),
          ).length;
          return ctx.progress(Math.min(total, failedCount + done), total);
        })
        .catch(() => {});
    }, 1000);
    try {
      while (pending.length > 0) {
        let output = '';
        try {
          await tool(vina, vinaArgs(pending), (t) => {
            output += t;
          });
          break;
        } catch (error) {
          if (cancelled(ctx)) throw error;
          if (pending.length === 1 && !forceBatch) {
            forceBatch = true;
            continue;
          }
          const culprit = pending.find((e) => !existsSync(outFile(e)));
          // Before the grid is done, the problem is the receptor or the box: the job's.
          if (!culprit || !/Computing Vina grid[^\n]*done/.test(output)) {
            throw new Error(`Vina failed: ${vinaError(output) || (error as Error).message}`);
          }
          culprit.error = `Vina could not dock this ligand: ${vinaError(output)}`;
          pending = pending.filter((e) => e !== culprit && !existsSync(outFile(e)));
        }
      }
    } finally {
      clearInterval(watch);
    }

    // Poses back to SDF with the input's bond orders (one Python run for all ligands).
    // The poses of a ligand's entries are pooled and ranked by score.
    const docked = ligands.filter((l) => l.pdbqt && !l.error);
    const restoreJobs: RestoreJob[] = [];
    const scoresOf = new Map<Ligand, number[]>();
    for (const ligand of docked) {
      const poses: { score: number; record: string }[] = [];
      let reason: string | null = null;
      for (const entry of ligand.entries) {
        if (entry.error) {
          reason ??= entry.error;
          continue;
        }
        const scores = vinaScores(await readFile(outFile(entry), 'utf8').catch(() => ''));
        if (scores.length === 0) {
          reason ??= 'Vina wrote no pose for this ligand.';
          continue;
        }
        const error = await tryTool(obabel, [
          join('out', `${entry.key}_out.pdbqt`),
          '-osdf',
          '-O',
          `${entry.key}_poses.sdf`,
        ]);
        if (error) {
          reason ??= error;
          continue;
        }
        const records = readSdf(await readFile(join(ctx.workDir, `${entry.key}_poses.sdf`), 'utf8')).records.map(
          (r) => r.text,
        );
        records.forEach((record, k) => {
          if (scores[k] !== undefined) poses.push({ score: scores[k]!, record });
        });
      }
      if (poses.length === 0) {
        ligand.error = reason ?? 'Vina wrote no pose for this ligand.';
        failedCount++;
        continue;
      }
      poses.sort((a, b) => a.score - b.score);
      const pooled = `${ligand.key}_pooled.sdf`;
      await writeFile(join(ctx.workDir, pooled), poses.map((p) => p.record).join(''));
      const scores = poses.map((p) => p.score);
      scoresOf.set(ligand, scores);
      restoreJobs.push({
        name: ligand.name,
        template: ligand.template,
        poses: pooled,
        retain: settings.retain_count,
        scores,
        out: `${ligand.key}_docked.sdf`,
      });
    }
    const answers: RestoreAnswer[] = [];
    if (restoreJobs.length > 0) {
      await writeFile(join(ctx.workDir, 'restore.json'), JSON.stringify(restoreJobs));
      await tool(pythonCommand('restore_poses', 'restore.json', 'restored.json'));
      answers.push(...(JSON.parse(await readFile(join(ctx.workDir, 'restored.json'), 'utf8')) as RestoreAnswer[]));
    }

    // Outputs and rows.
    const now = iso(deps.clock.now());
    const rows: NewDockingResultRecord[] = [];
    const withPoses = ligands.filter((l) => scoresOf.has(l));
    for (const [i, ligand] of withPoses.entries()) {
      const answer = answers[i];
      if (!answer?.ok) {
        ligand.error = `The poses could not be written: ${answer?.note ?? 'no answer'}`;
        continue;
      }
      const sdf = await readFile(join(ctx.workDir, restoreJobs[i]!.out), 'utf8');
      const base = safeName(ligand.name, ligand.key);
      const fileId = await ctx.output(`${base}_docked.sdf`, 'sdf', sdf);
      const best = readSdf(sdf).records[0]!.text;
      let complexId: number | null = null;
      let note = answer.note;
      try {
        const complex = await mergeToPdb([
          { name: 'receptor', ext: 'pdb', content: receptorPdb },
          { name: ligand.name, ext: 'sdf', content: best },
        ]);
        complexId = await ctx.output(`${base}_complex.pdb`, 'pdb', complex);
      } catch (error) {
        ctx.throwIfCancelled();
        note = [note, `the complex could not be written: ${(error as Error).message}`].filter(Boolean).join('; ');
      }
      const scores = scoresOf.get(ligand)!;
      for (let pose = 1; pose <= (answer.count ?? 1); pose++) {
        rows.push({
          job_id: ctx.job.id,
          project_id: ctx.job.project_id,
          ligand_index: ligand.index,
          ligand_name: ligand.name,
          pose,
          score: scores[pose - 1] ?? null,
          file_id: fileId,
          protein_file_id: protein.id,
          complex_file_id: complexId,
          status: 'SUCCESS',
          error: note,
          created_at: now,
        });
      }
    }
    for (const ligand of ligands) {
      if (rows.some((r) => r.ligand_index === ligand.index)) continue;
      rows.push({
        job_id: ctx.job.id,
        project_id: ctx.job.project_id,
        ligand_index: ligand.index,
        ligand_name: ligand.name,
        pose: null,
        score: null,
        file_id: null,
        protein_file_id: protein.id,
        complex_file_id: null,
        status: 'FAILED',
        error: ligand.error ?? 'The ligand could not be docked.',
        created_at: now,
      });
    }
    ctx.throwIfCancelled();
    await deps.results.insertMany(rows);
    await ctx.progress(total, total);

    const ranked = rows
      .filter((r) => r.status === 'SUCCESS')
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((r, i) => ({ rank: i + 1, ligand_name: r.ligand_name, pose: r.pose, score: r.score, file_id: r.file_id }));
    const provenance: DockingProvenance & Record<string, unknown> = {
      request: params,
      vina_version: vinaVersion,
      seed: settings.seed,
      cpu,
      parameters: { ...settings, pocket },
      inputs,
      prepared_receptor: preparedReceptor,
      preparation,
      restore_script_sha256: pythonModule('restore_poses').sha256,
      // The exact commands, in order (our Python programs with the hash of their code).
      steps,
      ligands: ligands.map((l) => ({
        index: l.index,
        name: l.name,
        file_id: l.fileId,
        pdbqt_sha256: l.pdbqtSha256 ?? null,
        flexible_rings: l.flexibleRings ?? null,
        conformers: l.entries.map((e) => ({ key: e.key, pdbqt_sha256: e.sha256, error: e.error })),
        error: l.error,
      })),
      details: ranked,
    };
    await ctx.provenance(provenance);
    const failed = rows.filter((r) => r.status === 'FAILED');
    if (failed.length === total) {
      throw new Error(
        `Every ligand failed. ${failed.map((r) => `${r.ligand_name}: ${r.error}`).join(' | ')}`.slice(0, 2000),
      );
    }
  };
}
