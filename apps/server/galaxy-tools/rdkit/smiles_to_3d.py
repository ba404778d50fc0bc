"""SMILES (or 2D molecules) to 3D conformers with RDKit ETKDG and an MMFF94 or UFF cleanup; SD file output."""
import argparse
import sys

from rdkit import Chem
from rdkit.Chem import AllChem

from medx_rdkit_io import MoleculeWriter, quiet, read_molecules


def molecules(args):
    if args.smiles is not None:
        quiet()
        for number, smiles in enumerate(args.smiles.split(), start=1):
            mol = Chem.MolFromSmiles(smiles)
            if mol is None:
                print('Skipped SMILES %d (%s): RDKit could not read it' % (number, smiles), file=sys.stderr)
                continue
            mol.SetProp('_Name', 'mol%d' % number)
            yield 'mol%d' % number, mol
    else:
        yield from read_molecules(args.input, args.ext)


def optimise(mol, conf_id, force_field, iterations):
    if force_field == 'mmff' and AllChem.MMFFHasAllMoleculeParams(mol):
        return AllChem.MMFFOptimizeMolecule(mol, confId=conf_id, maxIters=iterations), 'MMFF94'
    if force_field in ('mmff', 'uff') and AllChem.UFFHasAllMoleculeParams(mol):
        return AllChem.UFFOptimizeMolecule(mol, confId=conf_id, maxIters=iterations), 'UFF'
    return 0, 'none'


def energy(mol, conf_id, used):
    if used == 'MMFF94':
        props = AllChem.MMFFGetMoleculeProperties(mol)
        return AllChem.MMFFGetMoleculeForceField(mol, props, confId=conf_id).CalcEnergy()
    if used == 'UFF':
        return AllChem.UFFGetMoleculeForceField(mol, confId=conf_id).CalcEnergy()
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--smiles', help='SMILES separated by spaces')
    parser.add_argument('--input', help='molecule file')
    parser.add_argument('--ext', default='smi', help='Galaxy format of --input')
    parser.add_argument('--output', required=True)
    parser.add_argument('--conformers', type=int, default=1)
    parser.add_argument('--seed', type=int, default=42)
    parser.add_argument('--force-field', choices=['mmff', 'uff', 'none'], default='mmff')
    parser.add_argument('--iterations', type=int, default=500)
    parser.add_argument('--keep-hydrogens', action='store_true', help='write the added hydrogens')
    args = parser.parse_args()
    if (args.smiles is None) == (args.input is None):
        parser.error('give --smiles or --input')

    writer = MoleculeWriter(args.output, 'sdf')
    failed = 0
    for name, mol in molecules(args):
        mol = Chem.AddHs(mol)
        params = AllChem.ETKDGv3()
        params.randomSeed = args.seed
        conf_ids = list(AllChem.EmbedMultipleConfs(mol, numConfs=args.conformers, params=params))
        if not conf_ids:
            params.useRandomCoords = True
            conf_ids = list(AllChem.EmbedMultipleConfs(mol, numConfs=args.conformers, params=params))
        if not conf_ids:
            print('Skipped %s: no 3D embedding found' % name, file=sys.stderr)
            failed += 1
            continue
        for index, conf_id in enumerate(conf_ids, start=1):
            status, used = (0, 'none') if args.force_field == 'none' else optimise(
                mol, conf_id, args.force_field, args.iterations)
            out = Chem.Mol(mol, confId=conf_id)
            if not args.keep_hydrogens:
                out = Chem.RemoveHs(out)
            out.SetProp('_Name', name)
            props = {'conformer': index, 'force_field': used}
            value = energy(mol, conf_id, used)
            if value is not None:
                props['energy_kcal_mol'] = '%.3f' % value
                props['converged'] = 'yes' if status == 0 else 'no'
            writer.write(out, props)
    writer.close()
    if writer.count == 0:
        raise SystemExit('No molecule could be embedded in 3D')
    print('%d conformers written, %d molecules failed' % (writer.count, failed))


if __name__ == '__main__':
    main()
