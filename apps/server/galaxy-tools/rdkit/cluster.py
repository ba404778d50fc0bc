"""Butina (Taylor-Butina) clustering of molecules on fingerprint distances with RDKit."""
import argparse

from rdkit.ML.Cluster import Butina

from medx_rdkit_fp import fingerprinter, similarity
from medx_rdkit_io import MoleculeWriter, fmt, read_molecules, smiles_of

MAX_MOLECULES = 20000  # the distance matrix is n^2 / 2 floats


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ext', required=True)
    parser.add_argument('--fingerprint', default='morgan2')
    parser.add_argument('--bits', type=int, default=2048)
    parser.add_argument('--metric', default='tanimoto')
    parser.add_argument('--cutoff', type=float, default=0.6, help='distance (1 - similarity) within a cluster')
    parser.add_argument('--output', required=True)
    parser.add_argument('--representatives', help='write each cluster centroid here')
    args = parser.parse_args()

    molecules = list(read_molecules(args.input, args.ext))
    if len(molecules) > MAX_MOLECULES:
        raise SystemExit('Too many molecules for Butina clustering: %d (at most %d)' % (len(molecules), MAX_MOLECULES))
    fingerprint = fingerprinter(args.fingerprint, args.bits)
    compare = similarity(args.metric)
    fps = [fingerprint(mol) for _, mol in molecules]
    distances = []
    for i in range(1, len(fps)):
        distances.extend(1.0 - s for s in compare(fps[i], fps[:i]))
    clusters = Butina.ClusterData(distances, len(fps), args.cutoff, isDistData=True, reordering=True)

    assignment = {}
    for number, members in enumerate(clusters, start=1):
        centroid = members[0]
        for member in members:
            if member == centroid:
                sim = 1.0
            else:
                sim = compare(fps[centroid], [fps[member]])[0]
            assignment[member] = (number, len(members), member == centroid, sim)

    writer = MoleculeWriter(args.representatives, args.ext) if args.representatives else None
    with open(args.output, 'w') as out:
        out.write('\t'.join(['name', 'smiles', 'cluster', 'cluster_size', 'centroid', 'similarity_to_centroid']) + '\n')
        for index, (name, mol) in enumerate(molecules):
            number, size, is_centroid, sim = assignment[index]
            out.write('\t'.join([name, smiles_of(mol), str(number), str(size), fmt(is_centroid), fmt(sim)]) + '\n')
    if writer:
        for number, members in enumerate(clusters, start=1):
            name, mol = molecules[members[0]]
            writer.write(mol, {'cluster': number, 'cluster_size': len(members)})
        writer.close()
    print('%d molecules in %d clusters (distance cutoff %s)' % (len(molecules), len(clusters), args.cutoff))


if __name__ == '__main__':
    main()
