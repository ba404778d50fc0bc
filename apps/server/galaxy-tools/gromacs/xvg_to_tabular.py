"""GROMACS .xvg (Grace) output to a tab-separated table with a header line.

Column names come from the xvg legends (s0, s1, ...) or the axis labels; units in the labels are kept in brackets.
"""
import argparse
import re

QUOTED = re.compile(r'"(.*)"')


def clean(label):
    """Grace markup out (\\S2\\N, \\xs\\f{}), spaces to underscores: a column name."""
    label = re.sub(r'\\[SsNnfx]({[^}]*})?', '', label)
    label = label.replace('(', '[').replace(')', ']')
    label = re.sub(r'\s+', '_', label.strip())
    return label or 'value'


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('xvg')
    parser.add_argument('output')
    parser.add_argument('--x-name', help='name of the first column instead of the x-axis label')
    parser.add_argument('--y-name', help='name of the second column when the file has one data set without legend')
    args = parser.parse_args()

    xlabel, ylabel, legends, rows = 'x', 'y', {}, []
    with open(args.xvg) as handle:
        for line in handle:
            if line.startswith('#'):
                continue
            if line.startswith('@'):
                match = QUOTED.search(line)
                words = line[1:].split()
                if match and words[:2] == ['xaxis', 'label']:
                    xlabel = match.group(1)
                elif match and words[:2] == ['yaxis', 'label']:
                    ylabel = match.group(1)
                elif match and len(words) >= 2 and re.fullmatch(r's\d+', words[0]) and words[1] == 'legend':
                    legends[int(words[0][1:])] = match.group(1)
                continue
            fields = line.split()
            if fields:
                rows.append(fields)
    if not rows:
        raise SystemExit('No data in %s' % args.xvg)
    columns = max(len(row) for row in rows)
    names = [args.x_name or clean(xlabel)]
    for index in range(columns - 1):
        if index in legends:
            names.append(clean(legends[index]))
        elif columns == 2:
            names.append(args.y_name or clean(ylabel))
        else:
            names.append('%s_%d' % (clean(ylabel), index + 1))
    with open(args.output, 'w') as out:
        out.write('\t'.join(names) + '\n')
        for row in rows:
            out.write('\t'.join(row) + '\n')
    print('%d rows, columns: %s' % (len(rows), ', '.join(names)))


if __name__ == '__main__':
    main()
