"""Drug-likeness rules (Lipinski, Veber, Ghose) and QED with RDKit; a table, optionally the molecules that pass."""
import argparse

from rdkit.Chem import QED, Crippen, Descriptors, Lipinski, rdMolDescriptors

from medx_rdkit_io import MoleculeWriter, fmt, read_molecules, smiles_of

RULES = ('lipinski', 'veber', 'ghose', 'qed')


def properties(mol):
    return {
        'MW': Descriptors.MolWt(mol),
        'logP': Crippen.MolLogP(mol),
        'HBD': Lipinski.NHOHCount(mol),
        'HBA': Lipinski.NOCount(mol),
        'RotB': rdMolDescriptors.CalcNumRotatableBonds(mol),
        'TPSA': rdMolDescriptors.CalcTPSA(mol),
        'MR': Crippen.MolMR(mol),
        'atoms': _all_atoms(mol),
        'QED': QED.qed(mol),
    }


def _all_atoms(mol):
    """Atoms including implicit hydrogens, as Ghose counts them."""
    return mol.GetNumAtoms() + sum(atom.GetTotalNumHs() for atom in mol.GetAtoms())


def judge(p, max_violations, qed_min):
    violations = sum([p['MW'] > 500, p['logP'] > 5, p['HBD'] > 5, p['HBA'] > 10])
    return {
        'lipinski_violations': violations,
        'lipinski': violations <= max_violations,
        'veber': p['RotB'] <= 10 and p['TPSA'] <= 140,
        'ghose': 160 <= p['MW'] <= 480 and -0.4 <= p['logP'] <= 5.6 and 40 <= p['MR'] <= 130 and 20 <= p['atoms'] <= 70,
        'qed': p['QED'] >= qed_min,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ext', required=True)
    parser.add_argument('--rules', default='lipinski,veber', help='rules a molecule must pass (comma-separated)')
    parser.add_argument('--max-violations', type=int, default=1, help='Lipinski violations allowed')
    parser.add_argument('--qed-min', type=float, default=0.5)
    parser.add_argument('--output', required=True)
    parser.add_argument('--passing', help='write the molecules that pass every chosen rule here')
    args = parser.parse_args()
    rules = [rule for rule in args.rules.split(',') if rule]
    unknown = [rule for rule in rules if rule not in RULES]
    if unknown:
        raise SystemExit('Unknown rules: %s' % ', '.join(unknown))

    columns = ['MW', 'logP', 'HBD', 'HBA', 'RotB', 'TPSA', 'MR', 'atoms', 'QED']
    verdicts = ['lipinski_violations', 'lipinski', 'veber', 'ghose', 'qed']
    writer = MoleculeWriter(args.passing, 'smi' if args.ext == 'smi' else 'sdf') if args.passing else None
    total = passed = 0
    with open(args.output, 'w') as out:
        out.write('\t'.join(['name', 'smiles'] + columns + [v + ('_pass' if v in RULES else '') for v in verdicts]
                            + ['passes']) + '\n')
        for name, mol in read_molecules(args.input, args.ext):
            p = properties(mol)
            verdict = judge(p, args.max_violations, args.qed_min)
            ok = all(verdict[rule] for rule in rules)
            row = [name, smiles_of(mol)] + [fmt(p[c]) for c in columns] + [fmt(verdict[v]) for v in verdicts]
            out.write('\t'.join(row + [fmt(ok)]) + '\n')
            total += 1
            if ok:
                passed += 1
                if writer:
                    writer.write(mol, {'QED': fmt(p['QED'])})
    if writer:
        writer.close()
    print('%d of %d molecules pass %s' % (passed, total, ' and '.join(rules) or 'no rule'))


if __name__ == '__main__':
    main()
