"""medx_chem.prepare_ligand: 3D, hydrogens, minimisation and checks, molecule by molecule."""
import numpy as np
from rdkit import Chem
from rdkit.Chem import AllChem

from conftest import run_program, sample
from medx_chem.prepare_ligand import STEPS, prepare

PARACETAMOL = 'CC(=O)Nc1ccc(O)cc1'
# 7CNQ's ligand, 4-hydroxyproline: a crystal pose without hydrogens.
HYDROXYPROLINE = sample('7cnq_ligand.sdf').split('$$$$')[0]


def mol_of(result):
    return Chem.MolFromMolBlock(result['molblock'], removeHs=False)


def heavy_positions(mol):
    return np.array([mol.GetConformer().GetAtomPosition(a.GetIdx()) for a in mol.GetAtoms() if a.GetAtomicNum() > 1])


def test_a_job_prepares_what_it_can_and_reports_each_failure(tmp_path):
    molecules = [
        {'index': 0, 'name': 'paracetamol', 'smiles': PARACETAMOL},
        {'index': 1, 'name': 'hyp', 'molblock': HYDROXYPROLINE},
        {'index': 2, 'name': 'acetate', 'smiles': 'CC(=O)[O-]'},
        {'index': 3, 'name': 'typo', 'smiles': 'C1CC('},
        {'index': 4, 'name': 'cage', 'smiles': 'C12C3C4C1C3C24'},
        {'index': 5, 'name': 'pentavalent', 'smiles': 'CC(C)(C)(C)C'},
    ]
    done, results = run_program('prepare_ligand', {'minimize': True, 'molecules': molecules}, tmp_path)
    assert done.returncode == 0, done.stderr
    assert [r['index'] for r in results] == [0, 1, 2, 3, 4, 5]
    assert [r['ok'] for r in results] == [True, True, True, False, False, False]

    para, hyp, acetate = results[:3]
    assert para['notes'] == ['3D coordinates from ETKDGv3', 'MMFF94 minimisation (%d steps)' % STEPS]
    assert para['smiles'] == Chem.CanonSmiles(PARACETAMOL)
    assert (para['atoms'], para['formal_charge']) == (20, 0)
    assert hyp['notes'] == ['input 3D coordinates kept', 'MMFF94 minimisation (%d steps)' % STEPS]
    assert hyp['atoms'] == 9 + 9  # hydrogens added on the crystal pose
    assert (acetate['formal_charge'], acetate['atoms']) == (-1, 7)
    assert [mol_of(r).GetProp('_Name') for r in (para, hyp, acetate)] == ['paracetamol', 'hyp', 'acetate']
    for result in (para, hyp, acetate):
        mol = mol_of(result)
        assert all(a.GetNumImplicitHs() == 0 for a in mol.GetAtoms())
        assert np.ptp(mol.GetConformer().GetPositions(), axis=0).min() > 0.5
    # 200 steps relax the crystal pose (0.69 A heavy-atom RMSD here), never far.
    moved = heavy_positions(mol_of(hyp)) - heavy_positions(Chem.MolFromMolBlock(HYDROXYPROLINE))
    assert 0.1 < np.sqrt((moved ** 2).sum(1).mean()) < 1.0

    assert results[3]['error'] == 'RDKit cannot parse the protonated SMILES'
    assert results[4]['error'] == 'ETKDG could not generate 3D coordinates'
    assert 'Explicit valence for atom # 1 C, 5, is greater than permitted' in results[5]['error']
    # One line per molecule in the job log.
    assert 'paracetamol: prepared' in done.stderr
    assert 'typo: failed: RDKit cannot parse the protonated SMILES' in done.stderr


def test_without_minimisation_3d_input_keeps_its_coordinates():
    result = prepare({'index': 0, 'name': 'hyp', 'molblock': HYDROXYPROLINE}, minimize=False)
    assert result['notes'] == ['input 3D coordinates kept']
    crystal = heavy_positions(Chem.MolFromMolBlock(HYDROXYPROLINE))
    assert np.allclose(heavy_positions(mol_of(result)), crystal, atol=1e-4)


def test_uff_when_mmff94_has_no_parameters():
    # MMFF94 has no boron; UFF has.
    result = prepare({'index': 0, 'name': 'boronic', 'smiles': 'OB(O)c1ccccc1'})
    assert result['notes'][1] == 'UFF minimisation (%d steps; no MMFF94 parameters)' % STEPS


def test_flat_coordinates_are_refused():
    flat = Chem.AddHs(Chem.MolFromSmiles(PARACETAMOL))
    AllChem.Compute2DCoords(flat)
    try:
        prepare({'index': 0, 'name': 'flat', 'molblock': Chem.MolToMolBlock(flat)}, minimize=False)
    except ValueError as error:
        assert str(error) == 'the coordinates are flat, not 3D'
    else:
        raise AssertionError('a 2D molblock was accepted as 3D')
