"""Benchmark only (docking-bench.ts): the crystal ligand's SMILES, heavy-atom box and a
heavy-atom copy of its pose, the reference the docked poses are measured against.

Same command line as the medx_chem programs, used as `- -` by the bench:

    python3 bench/crystal_ligand.py REQUEST.json ANSWER.json
    request: {"ligand": "<sdf or mol2 path>", "out": "<sdf path to write>"}
    answer:  {"smiles", "lo": [x, y, z], "hi": [x, y, z]}

Not part of the server (not bundled, not in medx_chem): it only feeds the benchmark.
"""
import json
import sys

from rdkit import Chem


def crystal(request):
    path = request['ligand']
    if path.endswith('.mol2'):
        mol = Chem.MolFromMol2File(path, removeHs=False)
    else:
        mol = Chem.MolFromMolFile(path, removeHs=False)
    if mol is None:
        sys.exit('RDKit cannot read the crystal ligand')
    heavy = Chem.RemoveHs(mol)
    pos = heavy.GetConformer().GetPositions()
    Chem.MolToMolFile(heavy, request['out'])
    return {'smiles': Chem.MolToSmiles(heavy), 'lo': pos.min(0).tolist(), 'hi': pos.max(0).tolist()}


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: python3 bench/crystal_ligand.py REQUEST.json ANSWER.json ("-" for stdin/stdout)')
    source = sys.stdin if sys.argv[1] == '-' else open(sys.argv[1])
    answer = crystal(json.load(source))
    if sys.argv[2] == '-':
        json.dump(answer, sys.stdout)
        sys.stdout.write('\n')
    else:
        with open(sys.argv[2], 'w') as sink:
            json.dump(answer, sink)
