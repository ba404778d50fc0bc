/**
 * Galaxy's datatypes as far as format checks need them: a data input accepting `txt`
 * accepts any text datatype, `data` accepts anything, as Galaxy's subclass test does
 * (lib/galaxy/datatypes). Project files carry a file extension; a few names differ from
 * Galaxy's (fa → fasta). A format unknown here is its own root: only the same name matches.
 */
const PARENT: Record<string, string> = {
  txt: 'data',
  binary: 'data',
  tabular: 'txt',
  csv: 'tabular',
  tsv: 'tabular',
  interval: 'tabular',
  smi: 'txt',
  sdf: 'txt',
  mol: 'txt',
  mol2: 'txt',
  pdb: 'txt',
  pdbqt: 'txt',
  pqr: 'txt',
  cif: 'txt',
  mmcif: 'txt',
  xyz: 'txt',
  cml: 'txt',
  inchi: 'txt',
  fasta: 'sequences',
  sequences: 'txt',
  fastq: 'sequences',
  json: 'txt',
  xml: 'txt',
  html: 'txt',
  gro: 'txt',
  top: 'txt',
  itp: 'txt',
  mdp: 'txt',
  ndx: 'txt',
  xvg: 'txt',
  hmm3: 'txt',
  stockholm: 'txt',
  clustal: 'txt',
  aln: 'txt',
  needle: 'txt',
  xtc: 'binary',
  trr: 'binary',
  tpr: 'binary',
  edr: 'binary',
  cpt: 'binary',
  dcd: 'binary',
  png: 'image',
  jpg: 'image',
  svg: 'image',
  pdf: 'binary',
  image: 'data',
  zip: 'binary',
  ccp4: 'binary',
};

const ALIASES: Record<string, string> = { fa: 'fasta', faa: 'fasta', fna: 'fasta', smiles: 'smi', text: 'txt' };

/** The Galaxy datatype of a project file's extension. */
export function datatypeOf(ext: string): string {
  const lower = ext.toLowerCase();
  return ALIASES[lower] ?? lower;
}

/** Whether a file of datatype `ext` may go to an input accepting `formats` (Galaxy's is-a test). */
export function acceptsFormat(formats: readonly string[], ext: string): boolean {
  if (formats.length === 0) return true;
  const wanted = new Set(formats.map(datatypeOf));
  for (let type: string | undefined = datatypeOf(ext); type; type = PARENT[type]) {
    if (wanted.has(type)) return true;
  }
  return false;
}
