"""RMSD of every trajectory frame to a reference, after superposition, with MDAnalysis (rms.RMSD)."""
import argparse

from medx_mda import select, universe


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--topology', required=True)
    parser.add_argument('--topology-ext', required=True)
    parser.add_argument('--trajectory', required=True)
    parser.add_argument('--trajectory-ext', required=True)
    parser.add_argument('--reference', help='reference structure (default: the first frame)')
    parser.add_argument('--reference-ext')
    parser.add_argument('--select', default='backbone', help='atoms to superpose and measure')
    parser.add_argument('--groups', default='', help='more selections to measure after the same fit, ";"-separated')
    parser.add_argument('--mass-weighted', action='store_true')
    parser.add_argument('--output', required=True)
    args = parser.parse_args()

    from MDAnalysis.analysis import rms

    u = universe(args.topology, args.topology_ext, args.trajectory, args.trajectory_ext)
    ref = universe(args.reference, args.reference_ext) if args.reference else u
    select(u, args.select, 'fit')
    select(ref, args.select, 'reference fit')
    groups = [g.strip() for g in args.groups.split(';') if g.strip()]
    for group in groups:
        select(u, group, 'measured')
    analysis = rms.RMSD(u, ref, select=args.select, groupselections=groups,
                        weights='mass' if args.mass_weighted else None).run()
    table = analysis.results.rmsd
    header = ['frame', 'time_ps', 'rmsd_angstrom'] + ['rmsd_%d_angstrom' % (i + 1) for i in range(len(groups))]
    with open(args.output, 'w') as out:
        out.write('\t'.join(header) + '\n')
        for row in table:
            out.write('\t'.join(['%d' % row[0], '%.3f' % row[1]] + ['%.4f' % value for value in row[2:]]) + '\n')
    described = ''.join('; group %d: "%s"' % (i + 1, g) for i, g in enumerate(groups))
    fitted = len(u.select_atoms(args.select))
    print('%d frames; fit on "%s" (%d atoms)%s' % (len(table), args.select, fitted, described))


if __name__ == '__main__':
    main()
