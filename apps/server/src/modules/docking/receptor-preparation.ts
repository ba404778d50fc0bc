import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
// Reading and assembling a receptor is tens of milliseconds of parsing: worker threads (offload.ts).
import { assembleReceptorPdbqt, cleanReceptor, pdbqtToPdb } from '../../chem/offload';
import { receptorObabelArgs } from '../../chem/receptor';
import type { FileRow } from '../../db/schema';
import type { ObjectStorage } from '../../storage/object-storage';
import type { FilesRepository } from '../files/files.repository';

export interface ReceptorPreparation {
  protein: FileRow;
  proteinBuffer: Buffer;
  /** The receptor as PDB with hydrogens (the complexes, the clash checks). */
  receptorPdb: string;
  /** What was done, for provenance. */
  preparation: unknown;
  /** The PDBQT Vina gets, also written to `receptor.pdbqt` in the work directory. */
  pdbqt: Buffer;
  /** The given earlier PDBQT was used (it is stored already). */
  reused: boolean;
}

/**
 * The receptor of a docking or screening job, written to `<workDir>/receptor.pdbqt`: a
 * PDBQT as uploaded, an earlier run's prepared PDBQT when it is intact (a rerun docks into
 * exactly that one: Open Babel places some hydrogens at random), or the PDB prepared here
 * (Open Babel for the polymer, metals added with their Vina types: chem/receptor.ts).
 */
export async function prepareReceptor(
  deps: { files: FilesRepository; storage: ObjectStorage },
  workDir: string,
  proteinId: number,
  reuse: { file_id: number; sha256: string } | undefined,
  obabel: (args: string[]) => Promise<void>,
): Promise<ReceptorPreparation> {
  const protein = await deps.files.findById(proteinId);
  if (!protein) throw new Error(`The protein file ${proteinId} no longer exists.`);
  const proteinBuffer = await deps.storage.getBuffer(protein.storage_key);
  const target = join(workDir, 'receptor.pdbqt');
  const reused = reuse ? await deps.files.findById(reuse.file_id) : undefined;
  let receptorPdb: string;
  let preparation: unknown;
  let wasReused = false;
  if (reused && reused.sha256 === reuse?.sha256) {
    await writeFile(target, await deps.storage.getBuffer(reused.storage_key));
    receptorPdb =
      protein.file_type === 'PDBQT'
        ? await pdbqtToPdb(proteinBuffer.toString('utf8'), { keepHydrogens: true })
        : (await cleanReceptor(proteinBuffer.toString('utf8'))).pdb;
    preparation = { reused_pdbqt_file_id: reused.id, sha256: reused.sha256 };
    wasReused = true;
  } else if (protein.file_type === 'PDBQT') {
    await writeFile(target, proteinBuffer);
    receptorPdb = await pdbqtToPdb(proteinBuffer.toString('utf8'), { keepHydrogens: true });
    preparation = 'PDBQT used as uploaded';
  } else {
    const clean = await cleanReceptor(proteinBuffer.toString('utf8'));
    await writeFile(join(workDir, 'receptor_clean.pdb'), clean.polymerPdb);
    receptorPdb = clean.pdb;
    preparation = {
      kept_atoms: clean.atoms,
      dropped: clean.dropped,
      metals: clean.metals.map(
        (m) => `${m.atom.resName} ${m.atom.chain}${m.atom.resSeqText}${m.atom.iCode} ${m.adType}`,
      ),
    };
    await obabel(receptorObabelArgs('receptor_clean.pdb', 'receptor.pdbqt'));
    const made = await readFile(target, 'utf8').catch(() => '');
    await writeFile(target, await assembleReceptorPdbqt(made, clean));
  }
  return { protein, proteinBuffer, receptorPdb, preparation, pdbqt: await readFile(target), reused: wasReused };
}
