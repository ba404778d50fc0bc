import type { ProjectFile } from '@medx/contract';
import { validateStructure } from '../../chem/index';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { ProjectAccess } from '../projects/project-access';
import { type FileWriter, toProjectFile } from './file-records';

/** Bodies larger than this are not a structure we want to hold in memory. */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024;

/**
 * Get PDB: downloads an entry from a structure archive by id (default RCSB's file
 * service), PDB format first and mmCIF for entries too large for PDB format (those
 * have no .pdb file), and stores it as a GET_PDB file.
 */
export class PdbArchiveService {
  constructor(
    private readonly access: ProjectAccess,
    private readonly writer: FileWriter,
    private readonly archiveUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async tryDownload(pdbId: string, ext: 'pdb' | 'cif'): Promise<Buffer | null> {
    const url = `${this.archiveUrl.replace(/\/$/, '')}/${pdbId}.${ext}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(60_000) });
    } catch {
      throw badRequest('pdbDownloadFailed');
    }
    if (response.status === 404) return null;
    if (!response.ok) throw badRequest('pdbDownloadFailed');
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_ENTRY_BYTES) throw badRequest('pdbDownloadFailed');
    const body = Buffer.from(await response.arrayBuffer());
    return body.length > MAX_ENTRY_BYTES ? null : body;
  }

  async fetchEntry(
    auth: AuthContext,
    input: { project_id: number; pdb_id: string; is_show_entry: boolean },
  ): Promise<ProjectFile> {
    await this.access.require(auth, input.project_id, 'write');
    const pdbId = input.pdb_id.toUpperCase();
    for (const ext of ['pdb', 'cif'] as const) {
      const body = await this.tryDownload(pdbId, ext);
      if (!body) continue;
      const check = await validateStructure(ext, body);
      if (!check.ok) throw badRequest('pdbDownloadFailed');
      try {
        const [row] = await this.writer.createMany(input.project_id, auth.user.id, [
          { name: `${pdbId}.${ext}`, ext, content: body, sourceType: 'GET_PDB', isShowEntry: input.is_show_entry },
        ]);
        return toProjectFile(row!);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw badRequest('pdbDownloadFailed');
      }
    }
    throw notFound('pdbNotFound', { pdbId });
  }
}
