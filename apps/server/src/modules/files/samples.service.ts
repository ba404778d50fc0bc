import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lang, ProjectFile, Sample } from '@medx/contract';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { ProjectAccess } from '../projects/project-access';
import { type FileWriter, toProjectFile } from './file-records';

interface SampleDef {
  id: string;
  name: string;
  description: Record<Lang, string>;
  files: string[];
}

/** The complexes shipped in apps/server/samples (sources in its README). */
const SAMPLES: SampleDef[] = [
  {
    id: '5x72',
    name: '5X72 complex',
    description: {
      en: 'A full PDB entry with two ligands and waters: try Split, then dock P59 back.',
      'zh-CN': '含两个配体和水分子的完整 PDB 条目：先拆分，再将 P59 对接回去。',
    },
    files: ['5x72_complex.pdb', '5x72_ligand_p59.sdf'],
  },
  {
    id: '1iep',
    name: '1IEP Abl kinase + imatinib',
    description: {
      en: 'Prepared receptor (with hydrogens) and the imatinib crystal pose.',
      'zh-CN': '已加氢的受体与伊马替尼晶体构象。',
    },
    files: ['1iep_receptor.pdb', '1iep_imatinib.sdf'],
  },
  {
    id: '7cnq',
    name: '7CNQ',
    description: {
      en: 'A small, quick docking case (3 torsions).',
      'zh-CN': '一个小而快速的对接示例（3 个可旋转键）。',
    },
    files: ['7cnq_receptor.pdb', '7cnq_ligand.sdf'],
  },
  {
    id: '1w1p',
    name: '1W1P',
    description: { en: 'Two chains with waters; a rigid ligand.', 'zh-CN': '两条链并含水分子；刚性配体。' },
    files: ['1w1p_receptor.pdb', '1w1p_ligand.sdf'],
  },
];

/** Offline samples: listed in the caller's language, imported as ordinary project files. */
export class SamplesService {
  constructor(
    private readonly access: ProjectAccess,
    private readonly writer: FileWriter,
    private readonly dir: string,
  ) {}

  list(lang: Lang): Sample[] {
    return SAMPLES.map((s) => ({ id: s.id, name: s.name, description: s.description[lang], files: s.files }));
  }

  async import(auth: AuthContext, projectId: number, sampleId: string): Promise<ProjectFile[]> {
    const sample = SAMPLES.find((s) => s.id === sampleId);
    if (!sample) throw notFound('sampleNotFound');
    await this.access.require(auth, projectId, 'write');
    const items = await Promise.all(
      sample.files.map(async (name) => ({
        name,
        ext: name.split('.').pop()!,
        content: await readFile(join(this.dir, name)),
      })),
    );
    return (await this.writer.createMany(projectId, auth.user.id, items)).map(toProjectFile);
  }
}
