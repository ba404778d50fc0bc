import { MERGE_EXTENSIONS, type ProjectFile, QUOTA_POLICY, SPLIT_EXTENSIONS } from '@medx/contract';
import {
  ChemistryError,
  mergeToPdb,
  smilesImage,
  splitChains,
  splitMultiMolecule,
  splitPdb,
  to3d,
  toMol2,
  toSmiles,
} from '../../chem/index';
import type { FileRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { baseName, type FileWriter, type NewContent, toProjectFile } from './file-records';
import type { FilesRepository } from './files.repository';
import type { FilesService } from './files.service';

const lower = (ext: string) => ext.toLowerCase();

/**
 * Turns a chemistry failure into the spec's message; our own AppErrors pass through,
 * an input over a size limit says which limit.
 */
async function chem<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ChemistryError && err.code === 'tooLarge')
      throw badRequest('moleculeTooLargeToBuild', err.params);
    if (err instanceof ChemistryError && err.code === 'busy') throw new AppError(503, 'serverBusy');
    throw badRequest('convertFailed');
  }
}

/** One split makes at most QUOTA_POLICY.splitFilesMax files; refused before anything is written. */
function checkSplitSize(count: number): void {
  if (count > QUOTA_POLICY.splitFilesMax) {
    throw badRequest('splitTooMany', { count, limit: QUOTA_POLICY.splitFilesMax });
  }
}

/** Operations that read structures and write new files: split, convert, merge. */
export class StructureOpsService {
  constructor(
    private readonly files: FilesRepository,
    private readonly fileRules: FilesService,
    private readonly writer: FileWriter,
  ) {}

  private async saveParts(auth: AuthContext, source: FileRow, parts: NewContent[], groupName: string) {
    // The parts of one split travel together in a new group named after the source.
    const rows = await this.writer.createMany(source.project_id, auth.user.id, parts, async (tx, created) => {
      const group = await this.files.insertGroup(source.project_id, groupName, created[0]!.created_at, tx);
      await this.files.setGroup(
        created.map((r) => r.id),
        group.id,
        tx,
      );
      for (const row of created) row.group_id = group.id;
    });
    return rows.map(toProjectFile);
  }

  /**
   * split_pdb: a PDB into its ligands, water and the rest; an SDF, MOL2 or SMILES file
   * into one file per molecule. All parts or none are saved.
   */
  async split(auth: AuthContext, id: number): Promise<ProjectFile[]> {
    const file = await this.fileRules.requireFile(auth, id, 'write');
    const ext = lower(file.ext);
    if (!(SPLIT_EXTENSIONS as readonly string[]).includes(ext)) throw badRequest('splitOnlyStructures');
    const text = await this.fileRules.readText(file);
    const base = baseName(file.name);
    let parts: NewContent[];
    if (ext === 'pdb') {
      const split = await chem(() => splitPdb(text, base));
      parts = [
        ...split.ligands.map((l) => ({ name: `${l.name}.pdb`, ext: 'pdb', content: Buffer.from(l.content) })),
        ...(split.water ? [{ name: `${base}_water.pdb`, ext: 'pdb', content: Buffer.from(split.water) }] : []),
        ...(split.others ? [{ name: `${base}_others.pdb`, ext: 'pdb', content: Buffer.from(split.others) }] : []),
      ];
    } else {
      const molecules = await chem(() => splitMultiMolecule(ext as 'sdf' | 'mol2' | 'smi', text));
      parts = molecules.map((m, i) => ({
        name: `${m.name || `${base}_${i + 1}`}.${ext}`,
        ext,
        content: Buffer.from(m.content),
      }));
    }
    if (parts.length < 2) throw badRequest('splitNothing');
    checkSplitSize(parts.length);
    return this.saveParts(auth, file, parts, `${base} split`);
  }

  async splitChains(auth: AuthContext, id: number): Promise<ProjectFile[]> {
    const file = await this.fileRules.requireFile(auth, id, 'write');
    if (lower(file.ext) !== 'pdb') throw badRequest('splitOnlyPdb');
    const base = baseName(file.name);
    const chains = await chem(async () => splitChains(await this.fileRules.readText(file), base));
    if (chains.length < 2) throw badRequest('splitNothing');
    checkSplitSize(chains.length);
    const parts = chains.map((c) => ({ name: `${c.name}.pdb`, ext: 'pdb', content: Buffer.from(c.content) }));
    return this.saveParts(auth, file, parts, `${base} chains`);
  }

  async toSmiles(auth: AuthContext, id: number, withImage: boolean) {
    const file = await this.fileRules.requireFile(auth, id, 'read');
    return this.smilesOf(file.ext, await this.fileRules.readText(file), withImage);
  }

  async smilesOf(ext: string, content: string, withImage: boolean) {
    const { smiles } = await chem(() => toSmiles(lower(ext), content));
    return { smiles, base64: withImage ? await chem(() => smilesImage(smiles)) : null };
  }

  async to3d(auth: AuthContext, id: number, newEntry: boolean) {
    const file = await this.fileRules.requireFile(auth, id, newEntry ? 'write' : 'read');
    const content = await chem(async () => to3d(lower(file.ext), await this.fileRules.readText(file)));
    if (!newEntry) return { content, file: null };
    const [row] = await this.writer.createMany(file.project_id, auth.user.id, [
      { name: `${baseName(file.name)}_3d.sdf`, ext: 'sdf', content: Buffer.from(content) },
    ]);
    return { content, file: toProjectFile(row!) };
  }

  async toMol2(auth: AuthContext, ids: number[]): Promise<ProjectFile[]> {
    const sources = await this.fileRules.requireFiles(auth, ids, 'write');
    const parts: { projectId: number; item: NewContent }[] = [];
    for (const file of sources) {
      const content = await chem(async () => toMol2(lower(file.ext), await this.fileRules.readText(file)));
      parts.push({
        projectId: file.project_id,
        item: { name: `${baseName(file.name)}.mol2`, ext: 'mol2', content: Buffer.from(content) },
      });
    }
    const created: ProjectFile[] = [];
    for (const projectId of new Set(parts.map((p) => p.projectId))) {
      const rows = await this.writer.createMany(
        projectId,
        auth.user.id,
        parts.filter((p) => p.projectId === projectId).map((p) => p.item),
      );
      created.push(...rows.map(toProjectFile));
    }
    return created;
  }

  /** merge_pdb: two or more sdf/pdb/mol2/smi files into one PDB (spec §5). */
  async merge(auth: AuthContext, ids: number[], name?: string): Promise<ProjectFile[]> {
    if (new Set(ids).size < 2) throw badRequest('selectTwoFiles');
    const sources = await this.fileRules.requireFiles(auth, ids, 'write');
    const unsupported = sources.find((f) => !(MERGE_EXTENSIONS as readonly string[]).includes(lower(f.ext)));
    if (unsupported) throw badRequest('notSupportExt', { fileExtension: `.${lower(unsupported.ext)}` });
    const projectId = sources[0]!.project_id;
    if (sources.some((f) => f.project_id !== projectId)) throw badRequest('selectTwoFiles');
    const inputs = await Promise.all(
      sources.map(async (f) => ({
        name: baseName(f.name),
        ext: lower(f.ext),
        content: await this.fileRules.readText(f),
      })),
    );
    const merged = await chem(() => mergeToPdb(inputs));
    const fileName = name ? (name.toLowerCase().endsWith('.pdb') ? name : `${name}.pdb`) : 'merged.pdb';
    const [row] = await this.writer.createMany(projectId, auth.user.id, [
      { name: fileName, ext: 'pdb', content: Buffer.from(merged) },
    ]);
    return [toProjectFile(row!)];
  }
}
