import numpy as np
import pytest
from conftest import SAMPLES, run_program
from rdkit import Chem
from rdkit.Geometry import Point3D

from medx_chem.cli import Failure
from medx_chem.pose_checks import protein_atoms, reference_molecule, check_pose, pose_checks

COMPLEXES = [('1iep_imatinib.sdf', '1iep_receptor.pdb'), ('1w1p_ligand.sdf', '1w1p_receptor.pdb'),
             ('7cnq_ligand.sdf', '7cnq_receptor.pdb')]
IMATINIB = str(SAMPLES / '1iep_imatinib.sdf')


def crystal(name='1iep_imatinib.sdf'):
    return Chem.MolFromMolFile(str(SAMPLES / name), removeHs=False)


def write(mol, path):
    writer = Chem.SDWriter(str(path))
    writer.write(mol)
    writer.close()
    return str(path)


def moved(mol, index, shift):
    """A copy with one atom moved by `shift` (A, xyz)."""
    copy = Chem.Mol(mol)
    conf = copy.GetConformer()
    p = conf.GetAtomPosition(index)
    conf.SetAtomPosition(index, Point3D(p.x + shift[0], p.y + shift[1], p.z + shift[2]))
    return copy


@pytest.mark.parametrize('ligand,receptor', COMPLEXES)
def test_crystal_poses_of_real_complexes_pass_every_check(ligand, receptor):
    protein = protein_atoms(str(SAMPLES / receptor))
    result = check_pose(str(SAMPLES / ligand), reference_molecule(str(SAMPLES / ligand)), protein)
    assert result['valid'], result['details']
    assert set(result['checks']) == {'sanitization', 'identity', 'bond_lengths', 'bond_angles', 'internal_clash',
                                     'aromatic_flatness', 'protein_clash'}


def test_a_pose_inside_the_protein_fails_the_protein_clash_only(tmp_path):
    protein = protein_atoms(str(SAMPLES / '1iep_receptor.pdb'))
    mol = crystal()
    conf = mol.GetConformer()
    # Put the ligand's centroid on a protein atom: the rigid pose stays a valid molecule.
    shift = protein[0][0] - conf.GetPositions().mean(axis=0)
    for i in range(mol.GetNumAtoms()):
        p = conf.GetAtomPosition(i)
        conf.SetAtomPosition(i, Point3D(p.x + shift[0], p.y + shift[1], p.z + shift[2]))
    result = check_pose(write(mol, tmp_path / 'inside.sdf'), reference_molecule(IMATINIB), protein)
    assert result['checks']['protein_clash'] is False
    assert 'from a protein atom' in result['details']['protein_clash']
    assert [k for k, ok in result['checks'].items() if not ok] == ['protein_clash']


def test_a_stretched_bond_fails_the_bond_lengths(tmp_path):
    mol = crystal()
    # The methyl carbon of imatinib's tolyl group (atom with one heavy neighbour), pulled 1 A away.
    methyl = next(a.GetIdx() for a in mol.GetAtoms()
                  if a.GetSymbol() == 'C' and sum(n.GetAtomicNum() > 1 for n in a.GetNeighbors()) == 1)
    neighbour = next(n.GetIdx() for n in mol.GetAtomWithIdx(methyl).GetNeighbors() if n.GetAtomicNum() > 1)
    positions = mol.GetConformer().GetPositions()
    direction = positions[methyl] - positions[neighbour]
    stretched = moved(mol, methyl, direction / np.linalg.norm(direction) * 1.0)
    result = check_pose(write(stretched, tmp_path / 'stretched.sdf'), reference_molecule(IMATINIB))
    assert result['checks']['bond_lengths'] is False
    assert 'bounds' in result['details']['bond_lengths']
    assert result['valid'] is False


def test_a_bent_aromatic_ring_fails_the_flatness(tmp_path):
    mol = crystal()
    ring = next(r for r in mol.GetRingInfo().AtomRings() if len(r) == 6
                and all(mol.GetAtomWithIdx(i).GetIsAromatic() for i in r))
    positions = mol.GetConformer().GetPositions()[list(ring)]
    normal = np.linalg.svd(positions - positions.mean(axis=0))[2][-1]
    bent = moved(mol, ring[0], normal * 0.7)
    result = check_pose(write(bent, tmp_path / 'bent.sdf'), reference_molecule(IMATINIB))
    assert result['checks']['aromatic_flatness'] is False
    assert 'out of plane' in result['details']['aromatic_flatness']


def test_atoms_folded_onto_each_other_fail_the_internal_clash(tmp_path):
    mol = crystal()
    topo = Chem.GetDistanceMatrix(mol)
    heavy = [a.GetIdx() for a in mol.GetAtoms() if a.GetAtomicNum() > 1]
    i, j = max(((a, b) for a in heavy for b in heavy if a < b), key=lambda pair: topo[pair[0]][pair[1]])
    positions = mol.GetConformer().GetPositions()
    folded = moved(mol, j, (positions[i] - positions[j]) + np.array([0.5, 0.0, 0.0]))
    result = check_pose(write(folded, tmp_path / 'folded.sdf'), reference_molecule(IMATINIB))
    assert result['checks']['internal_clash'] is False


def test_another_molecule_fails_the_identity_but_protonation_does_not():
    result = check_pose(IMATINIB, reference_molecule('c1ccccc1'))
    assert result['checks']['identity'] is False
    neutral = 'Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1'
    assert check_pose(IMATINIB, reference_molecule(neutral))['checks']['identity'] is True


def test_a_pose_rdkit_cannot_sanitize_fails_first_and_alone(tmp_path):
    # Five bonds on one carbon: RDKit refuses the valence.
    pentavalent = Chem.RWMol(Chem.MolFromSmiles('C'))
    for _ in range(5):
        pentavalent.AddBond(0, pentavalent.AddAtom(Chem.Atom(9)), Chem.BondType.SINGLE)
    pentavalent.UpdatePropertyCache(strict=False)
    pentavalent_path = tmp_path / 'pentavalent.sdf'
    pentavalent_path.write_text(Chem.MolToMolBlock(pentavalent, kekulize=False) + '$$$$\n')
    result = check_pose(str(pentavalent_path), reference_molecule('C'))
    assert result == {'valid': False, 'checks': {'sanitization': False}, 'details': result['details']}
    assert 'sanitize' in result['details']['sanitization']


def test_the_program_checks_every_pose_of_a_request_with_its_protein(tmp_path):
    inside = crystal()
    write(moved(inside, 0, (40.0, 0.0, 0.0)), tmp_path / 'odd.sdf')
    request = {
        'protein': str(SAMPLES / '1iep_receptor.pdb'),
        'poses': [{'name': 'crystal', 'pose': IMATINIB, 'reference': IMATINIB},
                  {'name': 'odd', 'pose': 'odd.sdf', 'reference': IMATINIB}],
    }
    done, answer = run_program('pose_checks', request, tmp_path)
    assert done.returncode == 0, done.stderr
    assert [(p['name'], p['valid']) for p in answer['poses']] == [('crystal', True), ('odd', False)]
    assert answer['poses'][1]['checks']['bond_lengths'] is False


def test_refuses_an_empty_request_and_an_unreadable_reference():
    with pytest.raises(Failure, match='no poses'):
        pose_checks({'poses': []})
    with pytest.raises(Failure, match='reference SMILES'):
        pose_checks({'poses': [{'pose': IMATINIB, 'reference': 'not a smiles ((('}]})
