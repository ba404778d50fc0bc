"""Vina output (PDBQT poses with REMARK VINA RESULT lines) to a score table and an SD file with the scores.

The SD file is Open Babel's conversion of the poses (obabel on PATH), with each record's Open Babel properties
replaced by the Vina ones: vina_mode, vina_affinity (kcal/mol), vina_rmsd_lb and vina_rmsd_ub (Å, to the best mode).
"""
import argparse
import re
import subprocess
import sys

RESULT = re.compile(r'^REMARK VINA RESULT:\s+(\S+)\s+(\S+)\s+(\S+)')


def read_scores(path):
    scores = []
    with open(path) as handle:
        for line in handle:
            match = RESULT.match(line)
            if match:
                scores.append(tuple(float(value) for value in match.groups()))
    return scores


def sd_records(pdbqt):
    result = subprocess.run(['obabel', '-ipdbqt', pdbqt, '-osdf'], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit('obabel could not convert the poses: %s' % result.stderr.strip())
    return [record for record in result.stdout.split('$$$$\n') if record.strip()]


def with_properties(record, properties):
    """The molfile part of an SD record (properties dropped) followed by the given properties."""
    molfile = record.split('M  END', 1)[0] + 'M  END\n'
    fields = ''.join('>  <%s>\n%s\n\n' % (key, value) for key, value in properties)
    return molfile + fields + '$$$$\n'


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('poses', help='Vina output PDBQT')
    parser.add_argument('--table', required=True)
    parser.add_argument('--sdf')
    args = parser.parse_args()

    scores = read_scores(args.poses)
    if not scores:
        raise SystemExit('No "REMARK VINA RESULT" line in the poses: Vina found no pose')
    with open(args.table, 'w') as out:
        out.write('mode\taffinity_kcal_mol\trmsd_lb\trmsd_ub\n')
        for mode, (affinity, lower, upper) in enumerate(scores, start=1):
            out.write('%d\t%.3f\t%.3f\t%.3f\n' % (mode, affinity, lower, upper))
    if args.sdf:
        records = sd_records(args.poses)
        if len(records) != len(scores):
            print('obabel wrote %d poses for %d scores' % (len(records), len(scores)), file=sys.stderr)
        with open(args.sdf, 'w') as out:
            for mode, (record, (affinity, lower, upper)) in enumerate(zip(records, scores), start=1):
                out.write(with_properties(record, [
                    ('vina_mode', mode),
                    ('vina_affinity', '%.3f' % affinity),
                    ('vina_rmsd_lb', '%.3f' % lower),
                    ('vina_rmsd_ub', '%.3f' % upper),
                ]))
    print('%d poses, best affinity %.3f kcal/mol' % (len(scores), scores[0][0]))


if __name__ == '__main__':
    main()
