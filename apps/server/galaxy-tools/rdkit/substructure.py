"""Substructure search with RDKit: keeps the molecules that match (or do not match) SMARTS or SMILES patterns."""
import argparse

from rdkit import Chem

from medx_rdkit_io import MoleculeWriter, quiet, read_molecules, smiles_of


def patterns(text, kind):
    quiet()
    found = []
    for number, pattern in enumerate(text.split(), start=1):
        mol = Chem.MolFromSmarts(pattern) if kind == 'smarts' else Chem.MolFromSmiles(pattern)
        if mol is None:
            raise SystemExit('Pattern %d is not valid %s: %s' % (number, kind.upper(), pattern))
        found.append((pattern, mol))
    if not found:
        raise SystemExit('No pattern given')
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ext', required=True)
    parser.add_argument('--patterns', required=True, help='patterns separated by spaces')
    parser.add_argument('--kind', choices=['smarts', 'smiles'], default='smarts')
    parser.add_argument('--combine', choices=['any', 'all'], default='any')
    parser.add_argument('--keep', choices=['matching', 'other'], default='matching')
    parser.add_argument('--chirality', action='store_true', help='stereochemistry must match')
    parser.add_argument('--output', required=True, help='the kept molecules')
    parser.add_argument('--table', help='a table of match counts for every molecule')
    args = parser.parse_args()

    queries = patterns(args.patterns, args.kind)
    writer = MoleculeWriter(args.output, args.ext)
    table = open(args.table, 'w') if args.table else None
    if table:
        table.write('\t'.join(['name', 'smiles'] + [p for p, _ in queries] + ['matches']) + '\n')
    total = 0
    for name, mol in read_molecules(args.input, args.ext):
        counts = [len(mol.GetSubstructMatches(q, useChirality=args.chirality, maxMatches=1000)) for _, q in queries]
        hit = all(counts) if args.combine == 'all' else any(counts)
        if table:
            table.write('\t'.join([name, smiles_of(mol)] + [str(c) for c in counts] + ['yes' if hit else 'no']) + '\n')
        if hit == (args.keep == 'matching'):
            writer.write(mol)
        total += 1
    writer.close()
    if table:
        table.close()
    print('%d of %d molecules kept (%s of the patterns: %s)' % (writer.count, total, args.combine, args.keep))


if __name__ == '__main__':
    main()
