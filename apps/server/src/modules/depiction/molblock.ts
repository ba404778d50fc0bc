/**
 * A V2000 molblock of a bare molecule graph (elements and bonds, no coordinates): what RDKit
 * needs to lay out a ligand in 2D. Atom i of the input is atom i + 1 of the molblock.
 */
export function graphMolblock(atoms: readonly string[], bonds: readonly (readonly [number, number, number])[]): string {
  const pad = (v: number | string, width: number) => String(v).padStart(width, ' ');
  const symbol = (e: string) => (e.length === 1 ? e.toUpperCase() : e[0]!.toUpperCase() + e.slice(1).toLowerCase());
  const lines = [
    '',
    '  MedX 2D layout',
    '',
    `${pad(atoms.length, 3)}${pad(bonds.length, 3)}  0  0  0  0  0  0  0  0999 V2000`,
  ];
  for (const e of atoms) {
    lines.push(`    0.0000    0.0000    0.0000 ${symbol(e).padEnd(3, ' ')} 0  0  0  0  0  0  0  0  0  0  0  0`);
  }
  for (const [a, b, order] of bonds) lines.push(`${pad(a + 1, 3)}${pad(b + 1, 3)}${pad(order, 3)}  0`);
  lines.push('M  END');
  return `${lines.join('\n')}\n`;
}
