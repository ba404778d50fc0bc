"""TM-align results as files: a one-row score table from its report, and the first structure moved onto the
second with its rotation matrix (-m), written as PDB (every ATOM/HETATM record, not only the C-alpha trace)."""
import argparse
import re

SCORES = [
    ('length_1', r'Length of Chain_1:\s+(\d+)'),
    ('length_2', r'Length of Chain_2:\s+(\d+)'),
    ('aligned_length', r'Aligned length=\s*(\d+)'),
    ('rmsd', r'RMSD=\s*([0-9.]+)'),
    ('seq_id', r'Seq_ID=n_identical/n_aligned=\s*([0-9.]+)'),
    ('tm_score_1', r'TM-score=\s*([0-9.]+) \(if normalized by length of Chain_1'),
    ('tm_score_2', r'TM-score=\s*([0-9.]+) \(if normalized by length of Chain_2'),
    ('tm_score_average', r'TM-score=\s*([0-9.]+) \(if normalized by average length'),
    ('tm_score_assigned', r'TM-score=\s*([0-9.]+) \(if (?:normalized|scaled) by user-specified'),
]


def read_matrix(path):
    rows = []
    with open(path) as handle:
        for line in handle:
            fields = line.split()
            if len(fields) == 5 and fields[0] in ('0', '1', '2', '3'):
                rows.append([float(value) for value in fields[1:]])
    if len(rows) != 3:
        raise SystemExit('No rotation matrix in %s' % path)
    return rows


def superpose(structure, matrix, output):
    with open(structure) as source, open(output, 'w') as out:
        for line in source:
            if line.startswith(('ATOM', 'HETATM')) and len(line) >= 54:
                x, y, z = float(line[30:38]), float(line[38:46]), float(line[46:54])
                moved = [t + u1 * x + u2 * y + u3 * z for t, u1, u2, u3 in matrix]
                line = '%s%8.3f%8.3f%8.3f%s' % (line[:30], moved[0], moved[1], moved[2], line[54:])
            out.write(line)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--report', required=True)
    parser.add_argument('--name-1', default='structure_1')
    parser.add_argument('--name-2', default='structure_2')
    parser.add_argument('--table', required=True)
    parser.add_argument('--matrix')
    parser.add_argument('--structure', help='the first structure, to move onto the second')
    parser.add_argument('--superposed')
    args = parser.parse_args()

    with open(args.report) as handle:
        report = handle.read()
    found = [(name, re.search(pattern, report)) for name, pattern in SCORES]
    columns = [(name, match.group(1)) for name, match in found if match]
    if not any(name == 'tm_score_1' for name, _ in columns):
        raise SystemExit('TM-align reported no TM-score')
    with open(args.table, 'w') as out:
        out.write('\t'.join(['structure_1', 'structure_2'] + [name for name, _ in columns]) + '\n')
        out.write('\t'.join([args.name_1, args.name_2] + [value for _, value in columns]) + '\n')
    if args.superposed:
        superpose(args.structure, read_matrix(args.matrix), args.superposed)
    print(' '.join('%s=%s' % pair for pair in columns))


if __name__ == '__main__':
    main()
