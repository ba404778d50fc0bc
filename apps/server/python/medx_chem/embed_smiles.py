"""One 3D conformer per SMILES: the RDKit fallback when Open Babel's --gen3d fails.

Request: {"lines": ["<SMILES> [title]", ...]} (blank lines are skipped but counted,
so a reason names the line the caller sent). Answer: {"sdf": "<one record per
SMILES, explicit hydrogens, titled>"}. An unreadable or unembeddable SMILES fails
the whole run ("line N: ..."), as the conversion it serves is all or nothing.

Run outside jobs (chem/etkdg.ts, from HTTP conversions) as `... - -`.
"""
from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem

from medx_chem.cli import Failure, main
from medx_chem.embedding import embed_etkdg

RDLogger.DisableLog('rdApp.*')

# Minimisation steps: enough to settle the ETKDG geometry fully (this is a single
# structure a user asked for, not a batch).
MAX_ITERS = 2000


def embed_lines(request):
    records = []
    for n, line in enumerate(request['lines'], 1):
        parts = line.split(None, 1)
        if not parts:
            continue
        mol = Chem.MolFromSmiles(parts[0])
        if mol is None:
            raise Failure('line %d: RDKit cannot parse the SMILES' % n)
        mol = Chem.AddHs(mol)
        if not embed_etkdg(mol):
            raise Failure('line %d: ETKDG could not embed the molecule' % n)
        # MMFF94 where it has parameters (organic drug-like molecules), else UFF.
        if AllChem.MMFFHasAllMoleculeParams(mol):
            AllChem.MMFFOptimizeMolecule(mol, maxIters=MAX_ITERS)
        else:
            AllChem.UFFOptimizeMolecule(mol, maxIters=MAX_ITERS)
        mol.SetProp('_Name', parts[1].strip() if len(parts) > 1 else '')
        records.append(Chem.MolToMolBlock(mol) + '$$$$\n')
    return {'sdf': ''.join(records)}


if __name__ == '__main__':
    main(embed_lines, 'embed_smiles')
