import {
  type DetectedPocket,
  type DetectPocketsRequest,
  DOCKING_LIMITS,
  type DockingPocket,
  type LigandPocketRequest,
  type ResiduePocketRequest,
} from '@medx/contract';
import { proteinPdbText } from '../../chem/protein-pdb';
import type { FileRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import {
  WorkerCrashError,
  WorkerPool,
  WorkerPoolBusyError,
  WorkerTimeoutError,
  workerScript,
} from '../../lib/worker-pool';
import type { FilesService } from '../files/files.service';
import type { ProjectAccess } from '../projects/project-access';
import { MAX_GRID_POINTS } from './cavity';
import type { CavitySearch } from './cavity-worker';
import { boxAround, parseResidueTokens, selectResidues } from './pocket-geometry';
import { ligandHeavyAtoms, pdbAtoms, type ResidueAtom, receptorHeavyAtoms } from './structure-atoms';

const LIGAND_EXTS = ['sdf', 'mol', 'mol2', 'pdb', 'pdbqt'];
const PROTEIN_EXTS = ['pdb', 'cif', 'pdbqt'];

/**
 * Cavity detection runs in worker threads (a large receptor is seconds of grid work,
 * which on the event loop would freeze every other request). One minute is far more
 * than the largest grid allowed takes.
 */
let cavityPool: WorkerPool | null = null;
function cavities(): WorkerPool {
  cavityPool ??= new WorkerPool({
    name: 'Pocket detection',
    script: workerScript(import.meta.url, 'cavity-worker'),
    timeoutMs: 60_000,
    maxQueue: 8,
  });
  return cavityPool;
}

const fits = (p: DockingPocket) => Math.max(p.size_x, p.size_y, p.size_z) <= DOCKING_LIMITS.boxEdgeMax;

/** Pocket boxes computed from project files; reading the project is enough. */
export class PocketsService {
  constructor(
    private readonly files: FilesService,
    private readonly access: ProjectAccess,
  ) {}

  private async projectFile(auth: AuthContext, projectId: number, fileId: number): Promise<FileRow> {
    await this.access.require(auth, projectId, 'read');
    const file = await this.files.requireFile(auth, fileId, 'read');
    if (file.project_id !== projectId) throw badRequest('prepFileNotInProject', { id: fileId });
    return file;
  }

  /** A protein's text, with a reading failure answered as the file's (not the server's) fault. */
  private async readProtein<T>(file: FileRow, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badRequest('prepProteinUnreadable', {
        name: file.name,
        detail: err instanceof Error ? err.message : String(err),
      });
    }
  }

  private async proteinAtoms(file: FileRow): Promise<ResidueAtom[]> {
    const ext = file.ext.toLowerCase();
    if (!PROTEIN_EXTS.includes(ext)) throw badRequest('pocketProteinType', { name: file.name });
    const atoms = await this.readProtein(file, async () =>
      receptorHeavyAtoms(pdbAtoms(await proteinPdbText(ext, await this.files.readText(file)))),
    );
    if (atoms.length === 0) throw badRequest('prepNotProtein', { name: file.name });
    return atoms;
  }

  async aroundLigand(auth: AuthContext, body: LigandPocketRequest): Promise<DockingPocket> {
    const file = await this.projectFile(auth, body.project_id, body.ligand_id);
    const ext = file.ext.toLowerCase();
    if (!LIGAND_EXTS.includes(ext)) throw badRequest('pocketLigandType', { name: file.name });
    const points = await ligandHeavyAtoms(ext, await this.files.readText(file));
    if (points.length === 0) throw badRequest('pocketLigandNoAtoms', { name: file.name });
    const pocket = boxAround(points, body.padding);
    if (!fits(pocket)) throw badRequest('dockingBoxTooLarge');
    return pocket;
  }

  async aroundResidues(auth: AuthContext, body: ResiduePocketRequest): Promise<DockingPocket> {
    const { selectors, bad } = parseResidueTokens(body.residues);
    if (bad.length > 0) throw badRequest('pocketBadResidueTokens', { tokens: bad.slice(0, 10).join(' ') });
    if (selectors.length === 0) throw badRequest('pocketResiduesRequired');
    const file = await this.projectFile(auth, body.project_id, body.protein_id);
    const { atoms, unknown } = selectResidues(await this.proteinAtoms(file), selectors);
    if (unknown.length > 0) {
      throw badRequest('pocketUnknownResidues', { name: file.name, residues: unknown.slice(0, 10).join(' ') });
    }
    // Spec §5: the cutoff adds 2 × cutoff to each size.
    const pocket = boxAround(atoms, body.cutoff);
    if (!fits(pocket)) throw badRequest('dockingBoxTooLarge');
    return pocket;
  }

  async detect(auth: AuthContext, body: DetectPocketsRequest): Promise<DetectedPocket[]> {
    const file = await this.projectFile(auth, body.project_id, body.protein_id);
    return this.detectIn(file, body.max);
  }

  /** Cavities of a protein file, best first (the API's and the DETECT_POCKETS job's one path). */
  async detectIn(file: FileRow, max: number): Promise<DetectedPocket[]> {
    const ext = file.ext.toLowerCase();
    if (!PROTEIN_EXTS.includes(ext)) throw badRequest('pocketProteinType', { name: file.name });
    const pdb = await this.readProtein(file, async () => proteinPdbText(ext, await this.files.readText(file)));
    let search: CavitySearch;
    try {
      search = await cavities().run<CavitySearch>('searchCavities', [pdb, max]);
    } catch (error) {
      if (error instanceof WorkerPoolBusyError) throw new AppError(503, 'serverBusy');
      if (error instanceof WorkerTimeoutError || error instanceof WorkerCrashError) {
        throw badRequest('pocketDetectFailed', { name: file.name, detail: error.message });
      }
      throw error;
    }
    if (search.kind === 'unreadable')
      throw badRequest('prepProteinUnreadable', { name: file.name, detail: search.detail });
    if (search.kind === 'notProtein') throw badRequest('prepNotProtein', { name: file.name });
    if (search.kind === 'gridTooLarge') {
      throw badRequest('pocketGridTooLarge', {
        name: file.name,
        span: search.span.map((v) => Math.round(v)).join(' × '),
        max: MAX_GRID_POINTS / 1e6,
      });
    }
    const found = search.cavities;
    return found
      .filter((c) => fits(c.pocket))
      .map((c) => ({
        rank: c.rank,
        pocket: c.pocket,
        buriedness: c.buriedness,
        enclosed: c.enclosed,
        score: c.score,
        volume: c.volume,
        residues: c.residues,
        centroid: c.centroid,
      }));
  }
}
