"""medx_chem.ring_conformers: other puckers of saturated rings, none for ringless ligands."""
from rdkit import Chem

from conftest import embedded, run_program, sample
from medx_chem.ring_conformers import MIN_DIFF, flexible_rings, largest_change, ring_conformers, ring_torsions

# 7CNQ's ligand, 4-hydroxyproline (a pyrrolidine), as the crystal gives it: no hydrogens.
HYDROXYPROLINE = sample('7cnq_ligand.sdf').split('$$$$')[0] + '$$$$\n'


def read(path):
    mol = Chem.MolFromMolFile(str(path), removeHs=False)
    Chem.AssignStereochemistryFrom3D(mol)
    return mol


def test_a_saturated_ring_gets_distinct_puckers_of_the_same_molecule(in_tmp):
    (in_tmp / 'lig1_in.sdf').write_text(HYDROXYPROLINE)
    done, answers = run_program('ring_conformers', [{'key': 'lig1', 'template': 'lig1_in.sdf', 'wanted': 3,
                                                     'seed': 11}], in_tmp)
    assert done.returncode == 0, done.stderr
    [answer] = answers
    assert answer['ok'] is True and answer['rings'] == 1 and answer['note'] is None
    # Wanted 3 in all: the given pucker and two others (the pyrrolidine has them).
    assert answer['files'] == ['lig1_rc2.sdf', 'lig1_rc3.sdf']

    given = read(in_tmp / 'lig1_in.sdf')
    made = [read(in_tmp / f) for f in answer['files']]
    rings = flexible_rings(given)
    torsions = [ring_torsions(m.GetConformer(), rings) for m in [given] + made]
    for i in range(len(torsions)):
        for j in range(i):
            assert largest_change(torsions[i], torsions[j]) > MIN_DIFF
    for mol in made:
        # The same molecule, stereo included, written as the input was: without hydrogens.
        assert Chem.MolToSmiles(mol) == Chem.MolToSmiles(given)
        assert all(a.GetAtomicNum() > 1 for a in mol.GetAtoms())


def test_no_more_than_wanted(in_tmp):
    (in_tmp / 'a.sdf').write_text(HYDROXYPROLINE)
    assert ring_conformers({'key': 'x', 'template': 'a.sdf', 'wanted': 2, 'seed': 11})['files'] == ['x_rc2.sdf']


def test_the_same_seed_gives_the_same_conformers(in_tmp):
    (in_tmp / 'a.sdf').write_text(HYDROXYPROLINE)
    first = ring_conformers({'key': 'x', 'template': 'a.sdf', 'wanted': 3, 'seed': 11})
    blocks = [(in_tmp / f).read_text() for f in first['files']]
    second = ring_conformers({'key': 'x', 'template': 'a.sdf', 'wanted': 3, 'seed': 11})
    assert [(in_tmp / f).read_text() for f in second['files']] == blocks


def test_ringless_and_aromatic_only_ligands_get_none(in_tmp):
    Chem.MolToMolFile(embedded('OCCN(CCO)CC(=O)O'), 'bicine.sdf')  # 7ZTL's ligand: no ring
    Chem.MolToMolFile(embedded('Cc1ccccc1'), 'toluene.sdf')  # an aromatic ring keeps its shape
    answers = run_program('ring_conformers', [
        {'key': 'lig1', 'template': 'bicine.sdf', 'wanted': 4, 'seed': 1},
        {'key': 'lig2', 'template': 'toluene.sdf', 'wanted': 4, 'seed': 1},
    ], in_tmp)[1]
    assert answers == [{'ok': True, 'rings': 0, 'files': [], 'note': None}] * 2
    assert sorted(p.name for p in in_tmp.glob('*_rc*')) == []


def test_an_unreadable_ligand_fails_alone(in_tmp):
    (in_tmp / 'good.sdf').write_text(HYDROXYPROLINE)
    (in_tmp / 'bad.sdf').write_text('not a molfile\n')
    answers = run_program('ring_conformers', [
        {'key': 'lig1', 'template': 'bad.sdf', 'wanted': 2, 'seed': 3},
        {'key': 'lig2', 'template': 'good.sdf', 'wanted': 2, 'seed': 3},
    ], in_tmp)[1]
    assert answers[0] == {'ok': False, 'rings': 0, 'files': [], 'note': 'RDKit cannot read the ligand'}
    assert answers[1]['ok'] is True and answers[1]['rings'] == 1
