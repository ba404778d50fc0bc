"""Structural alerts with RDKit's FilterCatalog (PAINS, Brenk, NIH, ZINC): flags molecules and splits the library."""
import argparse

from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogParams

from medx_rdkit_io import MoleculeWriter, read_molecules, smiles_of

CATALOGS = {
    'PAINS_A': FilterCatalogParams.FilterCatalogs.PAINS_A,
    'PAINS_B': FilterCatalogParams.FilterCatalogs.PAINS_B,
    'PAINS_C': FilterCatalogParams.FilterCatalogs.PAINS_C,
    'BRENK': FilterCatalogParams.FilterCatalogs.BRENK,
    'NIH': FilterCatalogParams.FilterCatalogs.NIH,
    'ZINC': FilterCatalogParams.FilterCatalogs.ZINC,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ext', required=True)
    parser.add_argument('--catalogs', default='PAINS_A,PAINS_B,PAINS_C')
    parser.add_argument('--output', required=True, help='table of alerts per molecule')
    parser.add_argument('--clean', help='molecules without alerts')
    parser.add_argument('--flagged', help='molecules with alerts')
    args = parser.parse_args()

    params = FilterCatalogParams()
    chosen = [name for name in args.catalogs.split(',') if name]
    for name in chosen:
        if name not in CATALOGS:
            raise SystemExit('Unknown filter catalogue: %s' % name)
        params.AddCatalog(CATALOGS[name])
    if not chosen:
        raise SystemExit('Choose at least one filter catalogue')
    catalog = FilterCatalog(params)

    clean = MoleculeWriter(args.clean, args.ext) if args.clean else None
    flagged = MoleculeWriter(args.flagged, args.ext) if args.flagged else None
    total = with_alerts = 0
    with open(args.output, 'w') as out:
        out.write('\t'.join(['name', 'smiles', 'alerts', 'alert_names', 'catalogues']) + '\n')
        for name, mol in read_molecules(args.input, args.ext):
            matches = catalog.GetMatches(mol)
            names = sorted({entry.GetDescription() for entry in matches})
            sources = sorted({entry.GetProp('FilterSet') for entry in matches
                              if 'FilterSet' in list(entry.GetPropList())})
            out.write('\t'.join([name, smiles_of(mol), str(len(names)), '; '.join(names) or '-',
                                 '; '.join(sources) or '-']) + '\n')
            total += 1
            if names:
                with_alerts += 1
                if flagged:
                    flagged.write(mol, {'alerts': '; '.join(names)})
            elif clean:
                clean.write(mol)
    for writer in (clean, flagged):
        if writer:
            writer.close()
    print('%d of %d molecules have alerts (%s)' % (with_alerts, total, ', '.join(chosen)))


if __name__ == '__main__':
    main()
