"""A Vina search box (centre and size) around a ligand or around chosen residues of a structure.

Writes a Vina configuration file (center_x ... size_z) that the MedX Vina docking tool and `vina --config` read.
"""
import argparse
import re


def pdb_atoms(path, residues=None):
    """(x, y, z) of ATOM/HETATM records; with residues, only those of the given (chain, number+icode) set."""
    coords = []
    with open(path) as handle:
        for line in handle:
            if not line.startswith(('ATOM', 'HETATM')):
                continue
            if residues is not None and (line[21].strip(), line[22:27].strip()) not in residues:
                continue
            coords.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
    return coords


def sdf_atoms(path):
    coords = []
    with open(path) as handle:
        lines = handle.read().splitlines()
    i = 0
    while i + 3 < len(lines):
        counts = lines[i + 3]
        if 'V3000' in counts:
            raise SystemExit('V3000 molfiles are not read here; convert to V2000 (SD) first')
        atoms = int(counts[0:3])
        for line in lines[i + 4:i + 4 + atoms]:
            coords.append((float(line[0:10]), float(line[10:20]), float(line[20:30])))
        while i < len(lines) and lines[i] != '$$$$':
            i += 1
        i += 1
    return coords


def mol2_atoms(path):
    coords = []
    inside = False
    with open(path) as handle:
        for line in handle:
            if line.startswith('@<TRIPOS>'):
                inside = line.startswith('@<TRIPOS>ATOM')
                continue
            fields = line.split()
            if inside and len(fields) >= 5:
                coords.append((float(fields[2]), float(fields[3]), float(fields[4])))
    return coords


def xyz_atoms(path):
    coords = []
    with open(path) as handle:
        lines = handle.read().splitlines()
    i = 0
    while i < len(lines) and lines[i].strip():
        count = int(lines[i].split()[0])
        for line in lines[i + 2:i + 2 + count]:
            fields = line.split()
            coords.append((float(fields[1]), float(fields[2]), float(fields[3])))
        i += 2 + count
    return coords


def parse_residues(text):
    """"A:45, A:67B 12" -> {("A", "45"), ("A", "67B"), ("", "12")}: chain:number, chain optional."""
    found = set()
    for item in re.split(r'[\s,;]+', text.strip()):
        if not item:
            continue
        chain, _, number = item.rpartition(':')
        if not re.fullmatch(r'-?\d+[A-Za-z]?', number):
            raise SystemExit('Not a residue (chain:number): %s' % item)
        found.add((chain, number))
    if not found:
        raise SystemExit('No residue given')
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ext', required=True)
    parser.add_argument('--residues', help='chain:number list; the box then surrounds these residues of --input')
    parser.add_argument('--padding', type=float, default=4.0, help='Å added on each side')
    parser.add_argument('--min-size', type=float, default=10.0, help='smallest edge, Å')
    parser.add_argument('--fixed-size', type=float, default=0.0, help='cube edge in Å (0: from the extent)')
    parser.add_argument('--output', required=True)
    args = parser.parse_args()

    ext = args.ext.lower()
    if args.residues:
        if ext not in ('pdb', 'pdbqt'):
            raise SystemExit('Residues can be chosen in a PDB or PDBQT structure only')
        wanted = parse_residues(args.residues)
        coords = pdb_atoms(args.input, wanted)
        if not coords:
            # A structure without chain identifiers: match the numbers alone.
            coords = pdb_atoms(args.input, {('', number) for _, number in wanted})
    elif ext in ('pdb', 'pdbqt'):
        coords = pdb_atoms(args.input)
    elif ext in ('sdf', 'mol'):
        coords = sdf_atoms(args.input)
    elif ext == 'mol2':
        coords = mol2_atoms(args.input)
    elif ext == 'xyz':
        coords = xyz_atoms(args.input)
    else:
        raise SystemExit('Unsupported format for a box: %s' % ext)
    if not coords:
        raise SystemExit('No atom found for the box')

    lows = [min(c[axis] for c in coords) for axis in range(3)]
    highs = [max(c[axis] for c in coords) for axis in range(3)]
    center = [(lo + hi) / 2 for lo, hi in zip(lows, highs)]
    if args.fixed_size > 0:
        size = [args.fixed_size] * 3
    else:
        size = [max(hi - lo + 2 * args.padding, args.min_size) for lo, hi in zip(lows, highs)]
    with open(args.output, 'w') as out:
        for axis, value in zip('xyz', center):
            out.write('center_%s = %.3f\n' % (axis, value))
        for axis, value in zip('xyz', size):
            out.write('size_%s = %.3f\n' % (axis, value))
    print('box centre %.3f %.3f %.3f, size %.3f %.3f %.3f from %d atoms' % (*center, *size, len(coords)))


if __name__ == '__main__':
    main()
