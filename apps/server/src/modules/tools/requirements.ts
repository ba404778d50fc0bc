/**
 * Galaxy resolves a tool's <requirement>s to conda packages; MedX resolves them to the
 * programs and Python modules Debian ships (installed by scripts/setup.mjs). A requirement
 * is met when every program it names is on PATH and every module imports in
 * /usr/bin/python3. A name not in this table is not provided: the tool is listed as
 * unavailable with that reason and never run. Versions are not matched (Debian has one);
 * docs/decisions.md "Tools" says why.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pythonPath } from '../../chem/python';
import { runProcess } from '../../lib/process';

interface Provider {
  /** Debian package, for the reason shown when it is missing. */
  debian: string;
  programs?: string[];
  modules?: string[];
}

const PROVIDERS: Record<string, Provider> = {
  // Wrappers that list openbabel use obabel or Open Babel's Python module (pybel): both are there.
  openbabel: { debian: 'openbabel and python3-openbabel', programs: ['obabel'], modules: ['openbabel'] },
  'autodock-vina': { debian: 'autodock-vina', programs: ['vina'] },
  autodock_vina: { debian: 'autodock-vina', programs: ['vina'] },
  vina: { debian: 'autodock-vina', programs: ['vina'] },
  rdkit: { debian: 'python3-rdkit', modules: ['rdkit'] },
  'openbabel-python': { debian: 'python3-openbabel', modules: ['openbabel'] },
  python: { debian: 'python3', programs: ['python3'] },
  numpy: { debian: 'python3-numpy', modules: ['numpy'] },
  pandas: { debian: 'python3-pandas', modules: ['pandas'] },
  scipy: { debian: 'python3-scipy', modules: ['scipy'] },
  matplotlib: { debian: 'python3-matplotlib', modules: ['matplotlib'] },
  pdbfixer: { debian: 'python3-pdbfixer', modules: ['pdbfixer'] },
  openmm: { debian: 'python3-simtk', modules: ['openmm'] },
  pdb2pqr: { debian: 'pdb2pqr', programs: ['pdb2pqr'] },
  propka: { debian: 'python3-propka', modules: ['propka'] },
  gemmi: { debian: 'gemmi', programs: ['gemmi'] },
  gromacs: { debian: 'gromacs', programs: ['gmx'] },
  emboss: { debian: 'emboss', programs: ['needle', 'water'] },
  mafft: { debian: 'mafft', programs: ['mafft'] },
  clustalo: { debian: 'clustalo', programs: ['clustalo'] },
  'clustal-omega': { debian: 'clustalo', programs: ['clustalo'] },
  hmmer: { debian: 'hmmer', programs: ['hmmsearch', 'hmmbuild'] },
  tmalign: { debian: 'tm-align', programs: ['TMalign'] },
  'tm-align': { debian: 'tm-align', programs: ['TMalign'] },
  mdanalysis: { debian: 'python3-mdanalysis', modules: ['MDAnalysis'] },
  biopython: { debian: 'python3-biopython', modules: ['Bio'] },
  // GNU tools of every Debian system that wrappers list as requirements.
  coreutils: { debian: 'coreutils', programs: ['cat'] },
  grep: { debian: 'grep', programs: ['grep'] },
  sed: { debian: 'sed', programs: ['sed'] },
  // gawk itself: mawk (Debian's default awk) lacks the options wrappers that name gawk use.
  gawk: { debian: 'gawk', programs: ['gawk'] },
  perl: { debian: 'perl', programs: ['perl'] },
  wget: { debian: 'wget', programs: ['wget'] },
  curl: { debian: 'curl', programs: ['curl'] },
  bc: { debian: 'bc', programs: ['bc'] },
};

export interface Requirement {
  type: string;
  name: string;
  version: string | null;
}

/** Why a tool cannot run here (null: every requirement is met). Cached per requirement name. */
export class RequirementResolver {
  private readonly cache = new Map<string, Promise<string | null>>();

  async unmet(requirements: readonly Requirement[]): Promise<string | null> {
    for (const requirement of requirements) {
      if (requirement.type !== 'package') continue;
      const key = requirement.name.toLowerCase();
      let check = this.cache.get(key);
      if (!check) {
        check = this.check(requirement.name, PROVIDERS[key]);
        this.cache.set(key, check);
      }
      const reason = await check;
      if (reason) return reason;
    }
    return null;
  }

  private async check(name: string, provider: Provider | undefined): Promise<string | null> {
    if (!provider) return `Requirement ${name} is not provided on this server.`;
    const missing = (provider.programs ?? []).find((program) => !onPath(program));
    if (missing)
      return `Requirement ${name}: the program ${missing} is not installed (Debian package ${provider.debian}).`;
    for (const module of provider.modules ?? []) {
      const result = await runProcess(pythonPath(), ['-c', `import ${module}`], { timeoutMs: 60_000 });
      if (result.exitCode !== 0) {
        return `Requirement ${name}: the Python module ${module} is not installed (Debian package ${provider.debian}).`;
      }
    }
    return null;
  }
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(join(dir, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}
