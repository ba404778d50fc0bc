"""Fingerprint similarity search with RDKit: ranks library molecules by their best similarity to the queries."""
import argparse
import sys

from rdkit import Chem

from medx_rdkit_fp import fingerprinter, similarity
from medx_rdkit_io import MoleculeWriter, fmt, quiet, read_molecules, smiles_of


def queries(args):
    if args.query_smiles is not None:
        quiet()
        found = []
        for number, smiles in enumerate(args.query_smiles.split(), start=1):
            mol = Chem.MolFromSmiles(smiles)
            if mol is None:
                print('Skipped query SMILES %d (%s): RDKit could not read it' % (number, smiles), file=sys.stderr)
                continue
            found.append(('query%d' % number, mol))
        if not found:
            raise SystemExit('No query SMILES could be read')
        return found
    return list(read_molecules(args.query, args.query_ext))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--query-smiles', help='query SMILES separated by spaces')
    parser.add_argument('--query', help='query molecule file')
    parser.add_argument('--query-ext', default='sdf')
    parser.add_argument('--library', required=True)
    parser.add_argument('--library-ext', required=True)
    parser.add_argument('--fingerprint', default='morgan2')
    parser.add_argument('--bits', type=int, default=2048)
    parser.add_argument('--metric', default='tanimoto')
    parser.add_argument('--threshold', type=float, default=0.0)
    parser.add_argument('--top', type=int, default=0, help='keep the best N hits (0: all above the threshold)')
    parser.add_argument('--output', required=True)
    parser.add_argument('--hits', help='write the hit molecules (in rank order) here')
    parser.add_argument('--hits-ext', default='sdf')
    args = parser.parse_args()
    if (args.query_smiles is None) == (args.query is None):
        parser.error('give --query-smiles or --query')

    fingerprint = fingerprinter(args.fingerprint, args.bits)
    compare = similarity(args.metric)
    query_list = queries(args)
    query_fps = [fingerprint(mol) for _, mol in query_list]

    hits = []
    for order, (name, mol) in enumerate(read_molecules(args.library, args.library_ext)):
        scores = [compare(fp, [fingerprint(mol)])[0] for fp in query_fps]
        best = max(range(len(scores)), key=lambda i: scores[i])
        if scores[best] >= args.threshold:
            hits.append((scores[best], order, name, mol, query_list[best][0]))
    hits.sort(key=lambda hit: (-hit[0], hit[1]))
    if args.top > 0:
        hits = hits[:args.top]

    writer = MoleculeWriter(args.hits, args.hits_ext) if args.hits else None
    with open(args.output, 'w') as out:
        out.write('\t'.join(['rank', 'name', 'smiles', args.metric, 'best_query']) + '\n')
        for rank, (score, _, name, mol, query_name) in enumerate(hits, start=1):
            out.write('\t'.join([str(rank), name, smiles_of(mol), fmt(score), query_name]) + '\n')
            if writer:
                writer.write(mol, {'rank': rank, args.metric: fmt(score), 'best_query': query_name})
    if writer:
        writer.close()
    print('%d hits (%s %s, threshold %s)' % (len(hits), args.fingerprint, args.metric, args.threshold))


if __name__ == '__main__':
    main()
