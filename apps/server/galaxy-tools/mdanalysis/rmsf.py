"""RMSF of atoms over a trajectory with MDAnalysis: frames superposed on the average structure, then rms.RMSF."""
import argparse

from medx_mda import select, universe


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--topology', required=True)
    parser.add_argument('--topology-ext', required=True)
    parser.add_argument('--trajectory', required=True)
    parser.add_argument('--trajectory-ext', required=True)
    parser.add_argument('--fit', default='backbone', help='atoms to superpose on the average structure')
    parser.add_argument('--select', default='name CA', help='atoms whose fluctuation is measured')
    parser.add_argument('--per-residue', action='store_true', help='average the atoms of each residue')
    parser.add_argument('--output', required=True)
    args = parser.parse_args()

    from MDAnalysis.analysis import align, rms

    u = universe(args.topology, args.topology_ext, args.trajectory, args.trajectory_ext)
    select(u, args.fit, 'fit')
    atoms = select(u, args.select, 'measured')
    average = align.AverageStructure(u, u, select=args.fit, ref_frame=0).run()
    align.AlignTraj(u, average.results.universe, select=args.fit, in_memory=True).run()
    values = rms.RMSF(atoms).run().results.rmsf

    with open(args.output, 'w') as out:
        if args.per_residue:
            out.write('\t'.join(['segment', 'resid', 'resname', 'atoms', 'rmsf_angstrom']) + '\n')
            sums = {}
            for atom, value in zip(atoms, values):
                key = (atom.segid, atom.resid, atom.resname)
                total, count = sums.get(key, (0.0, 0))
                sums[key] = (total + value, count + 1)
            for (segid, resid, resname), (total, count) in sums.items():
                out.write('%s\t%d\t%s\t%d\t%.4f\n' % (segid, resid, resname, count, total / count))
        else:
            out.write('\t'.join(['index', 'segment', 'resid', 'resname', 'name', 'rmsf_angstrom']) + '\n')
            for atom, value in zip(atoms, values):
                row = (atom.index + 1, atom.segid, atom.resid, atom.resname, atom.name, value)
                out.write('%d\t%s\t%d\t%s\t%s\t%.4f\n' % row)
    print('%d atoms over %d frames, fit on "%s"' % (len(atoms), len(u.trajectory), args.fit))


if __name__ == '__main__':
    main()
