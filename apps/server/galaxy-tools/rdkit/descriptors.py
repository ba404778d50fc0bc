"""RDKit molecular descriptors: a table with one row per molecule (name, SMILES, descriptors)."""
import argparse
import math

from rdkit import Chem
from rdkit.Chem import Descriptors, rdMolDescriptors

from medx_rdkit_io import MoleculeWriter, fmt, read_molecules, smiles_of

# Descriptors offered by name in the tool form, in RDKit's own names (Descriptors module).
CURATED = {
    'MolWt': Descriptors.MolWt,
    'ExactMolWt': Descriptors.ExactMolWt,
    'MolLogP': Descriptors.MolLogP,
    'MolMR': Descriptors.MolMR,
    'TPSA': Descriptors.TPSA,
    'NumHDonors': Descriptors.NumHDonors,
    'NumHAcceptors': Descriptors.NumHAcceptors,
    'NumRotatableBonds': Descriptors.NumRotatableBonds,
    'HeavyAtomCount': Descriptors.HeavyAtomCount,
    'RingCount': Descriptors.RingCount,
    'NumAromaticRings': Descriptors.NumAromaticRings,
    'FractionCSP3': Descriptors.FractionCSP3,
    'NumHeteroatoms': Descriptors.NumHeteroatoms,
    'FormalCharge': Chem.GetFormalCharge,
    'NumStereocenters': lambda mol: len(Chem.FindMolChiralCenters(mol, includeUnassigned=True)),
    'Formula': rdMolDescriptors.CalcMolFormula,
}


def table_value(value):
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return 'NA'
    return fmt(value, 4)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ext', required=True)
    parser.add_argument('--descriptors', default='', help='comma-separated names, or "all" for every RDKit 2D one')
    parser.add_argument('--output', required=True)
    parser.add_argument('--sdf', help='also write the molecules with the descriptors as SD properties')
    args = parser.parse_args()

    if args.descriptors == 'all':
        names = [name for name, _ in Descriptors._descList]
        functions = dict(Descriptors._descList)
    else:
        names = [name for name in args.descriptors.split(',') if name]
        unknown = [name for name in names if name not in CURATED]
        if unknown or not names:
            raise SystemExit('Unknown descriptors: %s' % ', '.join(unknown or ['(none chosen)']))
        functions = CURATED

    writer = MoleculeWriter(args.sdf, 'sdf') if args.sdf else None
    rows = 0
    with open(args.output, 'w') as out:
        out.write('\t'.join(['name', 'smiles'] + names) + '\n')
        for name, mol in read_molecules(args.input, args.ext):
            values = []
            for descriptor in names:
                try:
                    values.append(table_value(functions[descriptor](mol)))
                except Exception as error:  # one failing descriptor must not lose the molecule
                    values.append('NA')
                    print('%s: %s failed (%s)' % (name, descriptor, error))
            out.write('\t'.join([name, smiles_of(mol)] + values) + '\n')
            if writer:
                writer.write(mol, dict(zip(names, values)))
            rows += 1
    if writer:
        writer.close()
    print('%d molecules, %d descriptors' % (rows, len(names)))


if __name__ == '__main__':
    main()
