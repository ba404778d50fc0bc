"""medx_chem.restore_poses: the template's bond orders and charges onto Vina's poses."""
import subprocess

import numpy as np
from rdkit import Chem

from conftest import canonical, embedded, run_program
from medx_chem.restore_poses import restore

# A zwitterion: both charges and the C=O are lost on the way through PDBQT.
ZWITTERION = 'C[NH+]1CCC(CC1)C(=O)[O-]'


def through_pdbqt(template, poses, work, copies=3):
    """What the DOCKING job gives this program: the ligand as Vina's PDBQT, back to
    SDF by Open Babel (bonds and charges guessed), here `copies` poses of it."""
    subprocess.run(['obabel', template, '-opdbqt', '-O', str(work / 'lig.pdbqt')], check=True, capture_output=True)
    subprocess.run(['obabel', str(work / 'lig.pdbqt'), '-osdf', '-O', str(work / 'one.sdf')], check=True,
                   capture_output=True)
    (work / poses).write_text((work / 'one.sdf').read_text() * copies)


def sdf_mols(path, sanitize=True):
    # Open Babel's guesses may not even sanitise (a 4-bonded neutral N): read them raw.
    return [m for m in Chem.SDMolSupplier(str(path), removeHs=False, sanitize=sanitize)]


def bonds(mol):
    return [(b.GetBeginAtomIdx(), b.GetEndAtomIdx(), b.GetBondTypeAsDouble()) for b in mol.GetBonds()]


def job(**fields):
    base = {'name': 'zw', 'template': 'template.sdf', 'poses': 'poses.sdf', 'retain': 2,
            'scores': [-7.25, -6.5, -6.125], 'out': 'zw_docked.sdf'}
    base.update(fields)
    return base


def test_poses_get_the_template_bond_orders_and_charges(in_tmp):
    Chem.MolToMolFile(embedded(ZWITTERION), 'template.sdf')
    through_pdbqt('template.sdf', 'poses.sdf', in_tmp)
    guessed = sdf_mols(in_tmp / 'poses.sdf', sanitize=False)[0]
    # The premise: Open Babel lost the charges (and RDKit cannot even sanitise its guess).
    assert all(a.GetFormalCharge() == 0 for a in guessed.GetAtoms())
    assert Chem.MolFromMolBlock(Chem.MolToMolBlock(guessed)) is None

    done, answers = run_program('restore_poses', [job()], in_tmp)
    assert done.returncode == 0, done.stderr
    assert answers == [{'ok': True, 'restored': True, 'note': None, 'count': 2}]
    poses = sdf_mols(in_tmp / 'zw_docked.sdf')
    assert len(poses) == 2  # retain
    for k, pose in enumerate(poses):
        assert canonical(pose) == Chem.CanonSmiles(ZWITTERION)
        assert [a.GetFormalCharge() for a in pose.GetAtoms() if a.GetFormalCharge()] == [1, -1]
        assert pose.GetProp('_Name') == 'zw'
        assert pose.GetProp('vina_score') == ['-7.250', '-6.500'][k]
        assert pose.GetProp('pose') == str(k + 1)
        assert all(a.GetNumImplicitHs() == 0 for a in pose.GetAtoms())
    # The pose's coordinates, not the template's: heavy atoms where Vina put them.
    heavy = [a.GetIdx() for a in poses[0].GetAtoms() if a.GetAtomicNum() > 1]
    vina = [a.GetIdx() for a in guessed.GetAtoms() if a.GetAtomicNum() > 1]
    assert np.allclose(poses[0].GetConformer().GetPositions()[heavy],
                       guessed.GetConformer().GetPositions()[vina], atol=1e-3)


def test_a_template_of_another_molecule_keeps_open_babel_bonds_and_says_why(in_tmp):
    Chem.MolToMolFile(embedded(ZWITTERION), 'ligand.sdf')
    through_pdbqt('ligand.sdf', 'poses.sdf', in_tmp)
    Chem.MolToMolFile(embedded('c1ccccc1CCN'), 'template.sdf')  # not the docked molecule
    answer = restore(job())
    assert answer['ok'] is True and answer['restored'] is False and answer['count'] == 2
    assert answer['note'].startswith('bond orders could not be restored from the input molecule (')
    assert answer['note'].endswith('); the poses keep the bonds Open Babel perceived from PDBQT')
    # The poses are still written, with their scores, as Open Babel perceived them.
    poses = sdf_mols(in_tmp / 'zw_docked.sdf', sanitize=False)
    assert [p.GetProp('vina_score') for p in poses] == ['-7.250', '-6.500']
    assert bonds(poses[0]) == bonds(sdf_mols(in_tmp / 'poses.sdf', sanitize=False)[0])
    assert all(a.GetFormalCharge() == 0 for a in poses[0].GetAtoms())


def test_pdbqt_input_has_no_template(in_tmp):
    Chem.MolToMolFile(embedded(ZWITTERION), 'ligand.sdf')
    through_pdbqt('ligand.sdf', 'poses.sdf', in_tmp)
    answer = restore(job(template=None, retain=9))
    assert answer == {'ok': True, 'restored': False, 'count': 3,
                      'note': 'the input was PDBQT (no bond orders); the poses keep the bonds Open Babel perceived'}


def test_no_pose_fails_that_ligand_only(in_tmp):
    (in_tmp / 'poses.sdf').write_text('')
    (in_tmp / 'other.sdf').write_text('')
    answers = run_program('restore_poses', [job(), job(poses='missing.sdf')], in_tmp)[1]
    assert answers[0] == {'ok': False, 'restored': False, 'note': 'Vina wrote no pose'}
    assert answers[1]['ok'] is False and 'No such file or directory' in answers[1]['note']
