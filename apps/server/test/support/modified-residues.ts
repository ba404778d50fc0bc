/**
 * Test structures with modified residues, built from a real one: a serine becomes
 * phosphoserine (SEP) and a threonine phosphothreonine (TPO) by adding a phosphate to
 * its hydroxyl oxygen with ideal geometry (O-P 1.61 Å, P-O 1.52 Å, tetrahedral angles,
 * the phosphorus anti to the alpha carbon), written as HETATM records as the PDB does.
 * Atom names follow the PDB chemical component dictionary (P, O1P, O2P, O3P).
 */

type Vec = [number, number, number];

const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec, k: number): Vec => [a[0] * k, a[1] * k, a[2] * k];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec): Vec => scale(a, 1 / Math.hypot(...a));

/** The position of D bonded to C at `length`, with angle B-C-D and torsion A-B-C-D in degrees (NeRF). */
function place(a: Vec, b: Vec, c: Vec, length: number, angle: number, torsion: number): Vec {
  const [theta, phi] = [(angle * Math.PI) / 180, (torsion * Math.PI) / 180];
  const bc = unit(sub(c, b));
  const n = unit(cross(sub(b, a), bc));
  const m = cross(n, bc);
  const d2 = [
    -length * Math.cos(theta),
    length * Math.sin(theta) * Math.cos(phi),
    length * Math.sin(theta) * Math.sin(phi),
  ];
  return add(c, add(add(scale(bc, d2[0]!), scale(m, d2[1]!)), scale(n, d2[2]!)));
}

const coords = (line: string): Vec => [
  Number(line.slice(30, 38)),
  Number(line.slice(38, 46)),
  Number(line.slice(46, 54)),
];

function atomLine(template: string, serial: number, name: string, at: Vec, element: string): string {
  const f = (v: number) => v.toFixed(3).padStart(8);
  return `HETATM${String(serial).padStart(5)} ${name.padEnd(4)} ${template.slice(17, 30)}${f(at[0])}${f(at[1])}${f(at[2])}${template.slice(54, 66)}          ${element.padStart(2)}  `;
}

export interface Phosphorylation {
  chain: string;
  resSeq: number;
  /** Add a MODRES record for it (else the residue is known by its name and its peptide bonds only). */
  modres?: boolean;
}

/**
 * `pdb` with the given SER/THR residues phosphorylated (SEP/TPO). New atoms take serials
 * after the highest in the file; MODRES records go before the first atom record.
 */
export function phosphorylate(pdb: string, sites: readonly Phosphorylation[]): string {
  const lines = pdb.split('\n');
  let serial = Math.max(...lines.filter((l) => /^(ATOM|HETATM)/.test(l)).map((l) => Number(l.slice(6, 11)) || 0));
  const modres: string[] = [];
  for (const site of sites) {
    const at = (name: string) =>
      lines.findIndex(
        (l) =>
          /^(ATOM|HETATM)/.test(l) &&
          l.slice(21, 22) === site.chain &&
          Number(l.slice(22, 26)) === site.resSeq &&
          l.slice(12, 16).trim() === name,
      );
    const ca = at('CA');
    if (ca < 0) throw new Error(`no residue ${site.chain}${site.resSeq}`);
    const resName = lines[ca]!.slice(17, 20);
    if (resName !== 'SER' && resName !== 'THR') throw new Error(`${site.chain}${site.resSeq} is ${resName}`);
    const [newName, oxygen, parent] = resName === 'SER' ? ['SEP', 'OG', 'SER'] : ['TPO', 'OG1', 'THR'];
    const [a, b, c] = [coords(lines[ca]!), coords(lines[at('CB')]!), coords(lines[at(oxygen)]!)];
    const p = place(a, b, c, 1.61, 118, 180);
    const template = lines[ca]!;
    const added = [
      atomLine(template, ++serial, ' P', p, 'P'),
      ...[60, 180, 300].map((torsion, k) =>
        atomLine(template, ++serial, ` O${k + 1}P`, place(b, c, p, 1.52, 109.5, torsion), 'O'),
      ),
    ];
    // Every atom of the residue becomes a HETATM record of the modified residue.
    lines.forEach((l, i) => {
      if (/^(ATOM|HETATM)/.test(l) && l.slice(21, 22) === site.chain && Number(l.slice(22, 26)) === site.resSeq) {
        lines[i] = `HETATM${l.slice(6, 17)}${newName}${l.slice(20)}`;
      }
    });
    const last = lines.reduce(
      (k, l, i) =>
        /^(ATOM|HETATM)/.test(l) && l.slice(21, 22) === site.chain && Number(l.slice(22, 26)) === site.resSeq ? i : k,
      -1,
    );
    lines.splice(last + 1, 0, ...added.map((l) => l.replace(/^HETATM(.{11})(SER|THR)/, `HETATM$1${newName}`)));
    if (site.modres) {
      modres.push(
        `MODRES TEST ${newName} ${site.chain} ${String(site.resSeq).padStart(4)}  ${parent}  PHOSPHORYLATED ${parent}`.padEnd(
          80,
        ),
      );
    }
  }
  const firstAtom = lines.findIndex((l) => /^(ATOM|HETATM)/.test(l));
  lines.splice(firstAtom, 0, ...modres);
  return lines.join('\n');
}
