"""The best poses of docked ligands: every SD record of the inputs ranked by a score tag.

Docked SD files hold a ligand's poses with their score in a data item (MedX's docking
writes ``vina_score``). Each ligand keeps its best pose (lowest score, or highest with
--descending); the N best ligands are written in rank order with a table.
"""
import argparse
import sys


def records(path):
    """SD records of a file as text blocks, each ending with $$$$."""
    block = []
    with open(path, encoding='utf-8', errors='replace') as handle:
        for line in handle:
            block.append(line.rstrip('\r\n'))
            if line.startswith('$$$$'):
                yield block
                block = []
    if any(line.strip() for line in block):
        yield block + ['$$$$']


def tag(block, name):
    """The first line after '>  <name>', or None."""
    for i, line in enumerate(block):
        if line.startswith('>') and '<%s>' % name in line and i + 1 < len(block):
            return block[i + 1].strip()
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('inputs', nargs='+')
    parser.add_argument('--tag', default='vina_score')
    parser.add_argument('--top', type=int, default=10)
    parser.add_argument('--descending', action='store_true')
    parser.add_argument('--sdf', required=True)
    parser.add_argument('--table', required=True)
    args = parser.parse_args(argv)
    best = {}
    skipped = 0
    for path in args.inputs:
        for block in records(path):
            raw = tag(block, args.tag)
            try:
                score = float(raw)
            except (TypeError, ValueError):
                skipped += 1
                continue
            name = block[0].strip() or 'molecule'
            key = (path, name)
            kept = best.get(key)
            better = kept is None or (score > kept[0] if args.descending else score < kept[0])
            if better:
                best[key] = (score, name, block)
    if not best:
        sys.exit('No record has a numeric <%s> data item.' % args.tag)
    ranked = sorted(best.values(), key=lambda item: -item[0] if args.descending else item[0])[:args.top]
    with open(args.sdf, 'w', encoding='utf-8') as sdf, open(args.table, 'w', encoding='utf-8') as table:
        table.write('rank\tname\t%s\n' % args.tag)
        for rank, (score, name, block) in enumerate(ranked, 1):
            sdf.write('\n'.join(block) + '\n')
            table.write('%d\t%s\t%.3f\n' % (rank, name, score))
    print('%d ligands ranked by %s, %d kept; %d records without a score.' % (len(best), args.tag, len(ranked), skipped))


if __name__ == '__main__':
    main()
