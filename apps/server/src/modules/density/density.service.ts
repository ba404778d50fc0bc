import {
  DENSITY_LIMITS,
  type DensityMesh,
  type DensityMeshRequest,
  type DensityPlyRequest,
  type ProjectFile,
} from '@medx/contract';
import { ccp4Points, MapFormatError } from '../../chem/ccp4';
import { proteinPdbText } from '../../chem/protein-pdb';
import { type Residue, readPdb } from '../../chem/readers/pdb';
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
import { type ObjectStorage, ObjectTooLargeError } from '../../storage/object-storage';
import { baseName, type FileWriter, toProjectFile } from '../files/file-records';
import type { FilesService } from '../files/files.service';
import type { Need, ProjectAccess } from '../projects/project-access';
import type { DensityOutcome } from './density-mesh';
import { meshToPly } from './density-mesh';

const STRUCTURE_EXTS = ['pdb', 'ent', 'pdbqt', 'cif', 'mmcif'];
const MAP_EXTS = ['ccp4', 'mrc', 'map'];
/** The largest map read: the grid cap in float32 plus a header and symmetry records. */
const MAX_MAP_BYTES = DENSITY_LIMITS.maxMapPoints * 4 + 1024 * 1024;

let pool: WorkerPool | null = null;
function densityPool(): WorkerPool {
  pool ??= new WorkerPool({
    name: 'Electron density',
    script: workerScript(import.meta.url, 'density-worker'),
    timeoutMs: 60_000,
    maxQueue: 8,
  });
  return pool;
}

/** One item of resn_list: optional chain, optional residue name, number with insertion code; or a bare name. */
interface ResidueSelector {
  token: string;
  chain: string | null;
  name: string | null;
  resSeq: number | null;
  iCode: string;
}

export function parseResidueSelector(token: string): ResidueSelector | null {
  const t = token.trim();
  const numbered = /^(?:([A-Za-z0-9]{1,4}):)?([A-Za-z][A-Za-z0-9]{0,3}?)?(-?\d{1,5})([A-Za-z]?)$/.exec(t);
  if (numbered) {
    return {
      token: t,
      chain: numbered[1] ?? null,
      name: numbered[2]?.toUpperCase() ?? null,
      resSeq: Number(numbered[3]),
      iCode: (numbered[4] ?? '').toUpperCase(),
    };
  }
  const named = /^(?:([A-Za-z0-9]{1,4}):)?([A-Za-z][A-Za-z0-9]{0,3})$/.exec(t);
  if (named) return { token: t, chain: named[1] ?? null, name: named[2]!.toUpperCase(), resSeq: null, iCode: '' };
  return null;
}

const matches = (s: ResidueSelector, r: Residue) =>
  (s.chain === null || r.chain === s.chain) &&
  (s.name === null || r.resName.trim().toUpperCase() === s.name) &&
  (s.resSeq === null || (r.resSeq === s.resSeq && r.iCode.toUpperCase() === s.iCode));

/** Electron-density meshes (Med View, issue 12): reading needs 'read', storing a PLY needs 'write'. */
export class DensityService {
  constructor(
    private readonly files: FilesService,
    private readonly access: ProjectAccess,
    private readonly storage: ObjectStorage,
    private readonly writer: FileWriter,
  ) {}

  async mesh(auth: AuthContext, body: DensityMeshRequest): Promise<DensityMesh> {
    return (await this.compute(auth, body, 'read')).mesh;
  }

  async toPly(auth: AuthContext, body: DensityPlyRequest): Promise<{ file: ProjectFile }> {
    const { mesh, map } = await this.compute(auth, body, 'write');
    const name = body.name ?? `${baseName(map.name)}_density`;
    const comment = `MedX electron density of ${map.name} at ${body.level} sigma (${mesh.level_value}), carve ${body.carve} A: ${body.resn_list.join(' ')}`;
    const [row] = await this.writer.createMany(body.project_id, auth.user.id, [
      {
        name: name.toLowerCase().endsWith('.ply') ? name.slice(0, -4) : name,
        ext: 'ply',
        content: Buffer.from(meshToPly(mesh.vertices, mesh.triangles, comment)),
      },
    ]);
    return { file: toProjectFile(row!) };
  }

  private async projectFile(auth: AuthContext, projectId: number, fileId: number): Promise<FileRow> {
    const file = await this.files.requireFile(auth, fileId, 'read');
    if (file.project_id !== projectId) throw badRequest('prepFileNotInProject', { id: fileId });
    return file;
  }

  private async compute(
    auth: AuthContext,
    body: DensityMeshRequest,
    need: Need,
  ): Promise<{ mesh: DensityMesh; map: FileRow }> {
    await this.access.require(auth, body.project_id, need);
    const tokens = body.resn_list.map((r) => r.trim()).filter(Boolean);
    if (tokens.length === 0) throw badRequest('densitySelectResidue');
    if (body.ccp4_file_id === undefined) throw badRequest('densitySelectMap');
    const structure = await this.projectFile(auth, body.project_id, body.pdb_file_id);
    const map = await this.projectFile(auth, body.project_id, body.ccp4_file_id);
    const atoms = await this.residueAtoms(structure, tokens);
    if (!MAP_EXTS.includes(map.ext.toLowerCase())) {
      throw badRequest('densityNotMap', {
        name: map.name,
        detail: `.${map.ext} is not a map extension (ccp4, mrc, map)`,
      });
    }
    let bytes: Buffer;
    try {
      bytes = await this.storage.getBuffer(map.storage_key, MAX_MAP_BYTES);
    } catch (error) {
      if (error instanceof ObjectTooLargeError)
        throw this.tooLarge(Math.round(Number(map.size) / 4), DENSITY_LIMITS.maxMapPoints);
      throw error;
    }
    try {
      const points = ccp4Points(bytes);
      if (points > DENSITY_LIMITS.maxMapPoints) throw this.tooLarge(points, DENSITY_LIMITS.maxMapPoints);
    } catch (error) {
      if (error instanceof MapFormatError) throw badRequest('densityNotMap', { name: map.name, detail: error.message });
      throw error;
    }
    let outcome: DensityOutcome;
    try {
      outcome = await densityPool().run<DensityOutcome>('densityMesh', [
        new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        atoms,
        body.carve,
        body.level,
      ]);
    } catch (error) {
      if (error instanceof WorkerPoolBusyError) throw new AppError(503, 'serverBusy');
      if (error instanceof WorkerTimeoutError || error instanceof WorkerCrashError) {
        throw badRequest('densityFailed', { detail: error.message });
      }
      throw error;
    }
    if (outcome.ok) {
      const { ok: _ok, ...mesh } = outcome;
      return { mesh, map };
    }
    if (outcome.reason === 'notMap') throw badRequest('densityNotMap', { name: map.name, detail: outcome.detail });
    if (outcome.reason === 'tooLarge') throw this.tooLarge(outcome.points, outcome.max);
    throw badRequest('densityNoOverlap', { name: map.name });
  }

  private tooLarge(points: number, max: number): AppError {
    return badRequest('densityGridTooLarge', { points: Math.round(points / 1e5) / 10, max: max / 1e6 });
  }

  /** x, y, z of the selected residues' atoms (first model; every alternate location). */
  private async residueAtoms(file: FileRow, tokens: string[]): Promise<Float64Array> {
    const ext = file.ext.toLowerCase();
    if (!STRUCTURE_EXTS.includes(ext)) throw badRequest('densityNotStructure', { name: file.name });
    let residues: Residue[];
    try {
      residues = readPdb(await proteinPdbText(ext, await this.files.readText(file))).records[0]?.residues ?? [];
    } catch {
      throw badRequest('densityNotStructure', { name: file.name });
    }
    if (residues.length === 0) throw badRequest('densityNotStructure', { name: file.name });
    const unknown: string[] = [];
    const picked = new Set<Residue>();
    for (const token of tokens) {
      const selector = parseResidueSelector(token);
      const found = selector ? residues.filter((r) => matches(selector, r)) : [];
      if (found.length === 0) unknown.push(token);
      for (const r of found) picked.add(r);
    }
    if (unknown.length > 0) {
      throw badRequest('densityUnknownResidues', { name: file.name, residues: unknown.slice(0, 10).join(', ') });
    }
    const xyz: number[] = [];
    for (const r of picked) {
      for (const a of r.atoms) if (Number.isFinite(a.x + a.y + a.z)) xyz.push(a.x, a.y, a.z);
    }
    return Float64Array.from(xyz);
  }
}
