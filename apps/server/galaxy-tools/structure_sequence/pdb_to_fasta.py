"""Protein and nucleic acid sequences of a PDB file's chains, as FASTA (standard library only).

The sequence is read from the ATOM/HETATM records of the first model (what the structure contains) or from the
SEQRES records (what was in the experiment). Residue names are mapped to one-letter codes; common modified
residues map to their parent (MSE to M), anything else to X.
"""
import argparse

THREE_TO_ONE = {
    'ALA': 'A', 'ARG': 'R', 'ASN': 'N', 'ASP': 'D', 'CYS': 'C', 'GLN': 'Q', 'GLU': 'E', 'GLY': 'G', 'HIS': 'H',
    'ILE': 'I', 'LEU': 'L', 'LYS': 'K', 'MET': 'M', 'PHE': 'F', 'PRO': 'P', 'SER': 'S', 'THR': 'T', 'TRP': 'W',
    'TYR': 'Y', 'VAL': 'V', 'SEC': 'U', 'PYL': 'O',
    # protonation and force-field variants
    'HID': 'H', 'HIE': 'H', 'HIP': 'H', 'HSD': 'H', 'HSE': 'H', 'HSP': 'H', 'CYX': 'C', 'CYM': 'C', 'ASH': 'D',
    'GLH': 'E', 'LYN': 'K',
    # common modified residues
    'MSE': 'M', 'SEP': 'S', 'TPO': 'T', 'PTR': 'Y', 'CSO': 'C', 'MLY': 'K', 'HYP': 'P', 'KCX': 'K', 'CME': 'C',
    # nucleotides
    'DA': 'A', 'DC': 'C', 'DG': 'G', 'DT': 'T', 'DU': 'U', 'A': 'A', 'C': 'C', 'G': 'G', 'U': 'U', 'T': 'T',
}
SKIP = {'HOH', 'WAT', 'DOD'}


def atom_sequences(path):
    chains = {}
    seen = set()
    with open(path) as handle:
        for line in handle:
            if line.startswith('ENDMDL'):
                break
            if not line.startswith(('ATOM', 'HETATM')):
                continue
            name = line[17:20].strip()
            if name in SKIP:
                continue
            chain = line[21].strip() or '_'
            key = (chain, line[22:27])
            if key in seen:
                continue
            seen.add(key)
            # Hetero groups that are not residues of the chain (ligands, ions) are left out.
            if line.startswith('HETATM') and name not in THREE_TO_ONE:
                continue
            chains.setdefault(chain, []).append(THREE_TO_ONE.get(name, 'X'))
    return chains


def seqres_sequences(path):
    chains = {}
    with open(path) as handle:
        for line in handle:
            if line.startswith('SEQRES'):
                chain = line[11].strip() or '_'
                chains.setdefault(chain, []).extend(THREE_TO_ONE.get(name, 'X') for name in line[19:].split())
    return chains


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--name', default='structure', help='prefix of the FASTA titles')
    parser.add_argument('--source', choices=['atoms', 'seqres'], default='atoms')
    parser.add_argument('--min-length', type=int, default=1)
    parser.add_argument('--width', type=int, default=60)
    parser.add_argument('--output', required=True)
    args = parser.parse_args()

    chains = seqres_sequences(args.input) if args.source == 'seqres' else atom_sequences(args.input)
    if not chains:
        raise SystemExit('No %s found in the structure' % ('SEQRES record' if args.source == 'seqres' else 'residue'))
    written = 0
    with open(args.output, 'w') as out:
        for chain, letters in chains.items():
            if len(letters) < args.min_length:
                continue
            sequence = ''.join(letters)
            out.write('>%s_%s length=%d\n' % (args.name, chain, len(sequence)))
            for start in range(0, len(sequence), args.width):
                out.write(sequence[start:start + args.width] + '\n')
            written += 1
    if written == 0:
        raise SystemExit('No chain has at least %d residues' % args.min_length)
    print('%d chains written' % written)


if __name__ == '__main__':
    main()
