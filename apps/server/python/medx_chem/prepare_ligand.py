"""The RDKit part of the PREPARE_LIGAND job.

Request: {"minimize": bool, "molecules": [{"index", "name", "smiles" | "molblock"}]}.
SMILES come from 2D or SMILES input already protonated by Open Babel and get 3D
coordinates from ETKDGv3 (seed 42); molblocks are 3D input, protonated with their
coordinates, and keep them. Then a short MMFF94 minimisation (UFF when MMFF94 lacks
parameters) and checks: 3D, every hydrogen explicit, bond lengths plausible.

Answer: one entry per molecule, in order: {"index", "ok": true, "molblock",
"smiles", "formal_charge", "atoms", "notes"} or {"index", "ok": false, "error"}.
Each molecule succeeds or fails alone: the job keeps whatever could be prepared.
"""
from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem

from medx_chem.cli import log, main
from medx_chem.embedding import embed_etkdg

RDLogger.DisableLog('rdApp.*')

# A short minimisation: it relaxes ETKDG's or the protonation's strain without
# moving a 3D input far from the pose the user gave (docking samples poses anyway).
STEPS = 200


def minimise(mol, notes):
    if AllChem.MMFFHasAllMoleculeParams(mol):
        AllChem.MMFFOptimizeMolecule(mol, maxIters=STEPS)
        notes.append('MMFF94 minimisation (%d steps)' % STEPS)
    elif AllChem.UFFHasAllMoleculeParams(mol):
        AllChem.UFFOptimizeMolecule(mol, maxIters=STEPS)
        notes.append('UFF minimisation (%d steps; no MMFF94 parameters)' % STEPS)
    else:
        notes.append('not minimised (no force-field parameters)')


def check(mol):
    """Raises ValueError when the structure is not one a docking program can use."""
    conf = mol.GetConformer()
    zs = [conf.GetAtomPosition(i).z for i in range(mol.GetNumAtoms())]
    xs = [conf.GetAtomPosition(i).x for i in range(mol.GetNumAtoms())]
    # Flat in z but not in x: a 2D depiction that slipped through (a linear
    # molecule is legitimately flat in both).
    if mol.GetNumAtoms() > 3 and max(zs) - min(zs) < 1e-3 and max(xs) - min(xs) > 1e-3:
        raise ValueError('the coordinates are flat, not 3D')
    for atom in mol.GetAtoms():
        if atom.GetNumImplicitHs() > 0:
            raise ValueError('atom %d has implicit hydrogens left' % (atom.GetIdx() + 1))
    for bond in mol.GetBonds():
        a, b = bond.GetBeginAtomIdx(), bond.GetEndAtomIdx()
        d = (conf.GetAtomPosition(a) - conf.GetAtomPosition(b)).Length()
        if d < 0.7 or d > 3.0:
            raise ValueError('implausible bond length %.2f A between atoms %d and %d' % (d, a + 1, b + 1))


def prepare(item, minimize=True):
    notes = []
    if 'smiles' in item:
        # sanitize=False then SanitizeMol: a bad valence raises with RDKit's reason
        # instead of the parser answering None.
        mol = Chem.MolFromSmiles(item['smiles'], sanitize=False)
        if mol is None:
            raise ValueError('RDKit cannot parse the protonated SMILES')
        Chem.SanitizeMol(mol)
        mol = Chem.AddHs(mol)
        if not embed_etkdg(mol):
            raise ValueError('ETKDG could not generate 3D coordinates')
        notes.append('3D coordinates from ETKDGv3')
    else:
        mol = Chem.MolFromMolBlock(item['molblock'], sanitize=False, removeHs=False)
        if mol is None:
            raise ValueError('RDKit cannot read the protonated molecule')
        Chem.SanitizeMol(mol)
        mol = Chem.AddHs(mol, addCoords=True)
        notes.append('input 3D coordinates kept')
    if minimize:
        minimise(mol, notes)
    check(mol)
    mol.SetProp('_Name', item['name'])
    heavy = Chem.RemoveHs(mol)
    return {
        'molblock': Chem.MolToMolBlock(mol),
        'smiles': Chem.MolToSmiles(heavy),
        'formal_charge': Chem.GetFormalCharge(mol),
        'atoms': mol.GetNumAtoms(),
        'notes': notes,
    }


def prepare_all(request):
    minimize = request.get('minimize', True)
    results = []
    for item in request['molecules']:
        try:
            out = prepare(item, minimize)
            out.update({'index': item['index'], 'ok': True})
        except Exception as error:
            # Any failure (RDKit raises several types) is this molecule's alone.
            out = {'index': item['index'], 'ok': False, 'error': str(error).strip() or type(error).__name__}
        results.append(out)
        log('%s: %s' % (item['name'], 'prepared' if out['ok'] else 'failed: ' + out['error']))
    return results


if __name__ == '__main__':
    main(prepare_all, 'prepare_ligand')
