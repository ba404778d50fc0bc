"""Benchmark only (screen-bench.ts): a drug-like ligand library from real NCI compounds.

    /usr/bin/python3 bench/screen_library.py N OUT.smi [--cycle]

Reads /usr/share/RDKit/Data/NCI/first_5K.smi (Debian's rdkit-data) in file order and keeps
the molecules that RDKit parses, are one fragment, hold only C N O S F Cl Br P (and H),
weigh 200-450 Da and have at most 5 H-bond donors, 10 acceptors, logP 5 and 7 rotatable
bonds; writes the first N as `SMILES name` lines (RDKit's canonical SMILES, name
NCI_<id>). Deterministic. Without --cycle, fewer than N such molecules is an error; with
it, the selection is repeated with suffixed names (NCI_<id>_r2, _r3, ...) up to N lines,
for the memory test. Prints one JSON line: {"written", "drug_like"}.

Not part of the server (not bundled, not in medx_chem): it only feeds the benchmark.
"""
import json
import sys

from rdkit import Chem, RDLogger
from rdkit.Chem import Crippen, Descriptors, Lipinski, rdMolDescriptors

RDLogger.DisableLog('rdApp.*')

SOURCE = '/usr/share/RDKit/Data/NCI/first_5K.smi'
# H, C, N, O, F, P, S, Cl, Br
ALLOWED = {1, 6, 7, 8, 9, 15, 16, 17, 35}


def drug_like(mol):
    if len(Chem.GetMolFrags(mol)) != 1:
        return False
    if any(atom.GetAtomicNum() not in ALLOWED for atom in mol.GetAtoms()):
        return False
    return (200 <= Descriptors.MolWt(mol) <= 450
            and Lipinski.NumHDonors(mol) <= 5
            and Lipinski.NumHAcceptors(mol) <= 10
            and Crippen.MolLogP(mol) <= 5
            and rdMolDescriptors.CalcNumRotatableBonds(mol) <= 7)


def selection(limit):
    """The drug-like molecules of the source, in file order, at most `limit`."""
    kept = []
    with open(SOURCE) as source:
        for line in source:
            fields = line.split()
            if len(fields) < 2:
                continue
            mol = Chem.MolFromSmiles(fields[0])
            if mol is None or not drug_like(mol):
                continue
            kept.append((Chem.MolToSmiles(mol), 'NCI_%s' % fields[1]))
            if len(kept) >= limit:
                break
    return kept


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != '--cycle'):
        sys.exit('usage: python3 bench/screen_library.py N OUT.smi [--cycle]')
    n = int(argv[1])
    cycle = len(argv) == 4
    if n < 1:
        sys.exit('N must be at least 1')
    kept = selection(float('inf') if cycle else n)
    if not kept:
        sys.exit('no drug-like molecule in %s' % SOURCE)
    if len(kept) < n and not cycle:
        sys.exit('only %d drug-like molecules in %s (asked for %d)' % (len(kept), SOURCE, n))
    lines = []
    for i in range(n):
        smiles, name = kept[i % len(kept)]
        round_no = i // len(kept) + 1
        lines.append('%s %s' % (smiles, name if round_no == 1 else '%s_r%d' % (name, round_no)))
    with open(argv[2], 'w') as sink:
        sink.write('\n'.join(lines) + '\n')
    json.dump({'written': len(lines), 'drug_like': len(kept)}, sys.stdout)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main(sys.argv)
