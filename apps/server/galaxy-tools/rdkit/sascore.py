"""Synthetic accessibility (Ertl and Schuffenhauer 2009) and natural-product likeness (Ertl et al. 2008) scores,
with the implementations RDKit ships in its Contrib folder (Debian: rdkit-data, /usr/share/RDKit/Contrib)."""
import argparse
import contextlib
import io
import os
import sys

from rdkit import RDConfig

from medx_rdkit_io import fmt, read_molecules, smiles_of


def contrib(folder):
    path = os.path.join(RDConfig.RDContribDir, folder)
    if not os.path.isdir(path):
        raise SystemExit('RDKit Contrib folder missing: %s (Debian package rdkit-data)' % path)
    sys.path.insert(0, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ext', required=True)
    parser.add_argument('--output', required=True)
    parser.add_argument('--np', action='store_true', help='also the natural-product likeness score')
    args = parser.parse_args()

    contrib('SA_Score')
    import sascorer
    np_model = None
    if args.np:
        contrib('NP_Score')
        import npscorer
        with contextlib.redirect_stderr(io.StringIO()):  # the reader prints progress on stderr
            np_model = npscorer.readNPModel()

    rows = 0
    with open(args.output, 'w') as out:
        out.write('\t'.join(['name', 'smiles', 'sa_score'] + (['np_score'] if args.np else [])) + '\n')
        for name, mol in read_molecules(args.input, args.ext):
            row = [name, smiles_of(mol), fmt(sascorer.calculateScore(mol))]
            if np_model is not None:
                row.append(fmt(npscorer.scoreMol(mol, np_model)))
            out.write('\t'.join(row) + '\n')
            rows += 1
    print('%d molecules scored' % rows)


if __name__ == '__main__':
    main()
