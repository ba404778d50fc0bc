"""medx_chem.transmol: STONED-SELFIES generation between two seeds, scored, as the job runs it."""
import random

from rdkit import Chem

from conftest import run_program
from medx_chem.selfies_grammar import split_symbols
from medx_chem.transmol import canonical, chemical_path, decode, joint_similarity, pick, random_selfies

ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O'
SALICYLAMIDE = 'NC(=O)c1ccccc1O'


def request(**overrides):
    base = {'smiles1': ASPIRIN, 'smiles2': SALICYLAMIDE, 'epsilon': 0.5, 'number': 10, 'remain_range_ge': 0,
            'remain_range_le': 100, 'seed': 11, 'prefix': 'TransMol'}
    base.update(overrides)
    return base


def test_a_chemical_path_runs_from_the_first_seed_to_the_second():
    rng = random.Random(3)
    seed1, seed2 = Chem.MolFromSmiles(ASPIRIN), Chem.MolFromSmiles(SALICYLAMIDE)
    for form1, form2 in zip(random_selfies(seed1, rng, 4), random_selfies(seed2, rng, 4)):
        path = chemical_path(form1, form2, rng)
        assert canonical(decode(path[0])) == canonical(seed1)
        assert canonical(decode(path[-1])) == canonical(seed2)
        # One symbol changes per step.
        assert len(path) >= 2
        for before, after in zip(path, path[1:]):
            a, b = split_symbols(before), split_symbols(after)
            assert len(a) == len(b)
            assert sum(x != y for x, y in zip(a, b)) == 1


def test_the_same_seed_gives_the_same_molecules_and_another_seed_other_ones(tmp_path):
    first = run_program('transmol', request(), tmp_path)[1]
    again = run_program('transmol', request(), tmp_path)[1]
    other = run_program('transmol', request(seed=12), tmp_path)[1]
    smiles = [m['smiles'] for m in first['molecules']]
    assert smiles == [m['smiles'] for m in again['molecules']]
    assert smiles != [m['smiles'] for m in other['molecules']]


def test_every_molecule_is_valid_unique_new_and_scored(tmp_path):
    done, answer = run_program('transmol', request(number=20, remain_range_le=200), tmp_path)
    assert done.returncode == 0, done.stderr
    rows = answer['molecules']
    assert len(rows) == 20
    seeds = {canonical(Chem.MolFromSmiles(ASPIRIN)), canonical(Chem.MolFromSmiles(SALICYLAMIDE))}
    assert answer['seeds'] == [canonical(Chem.MolFromSmiles(s)) for s in (ASPIRIN, SALICYLAMIDE)]
    keys = [canonical(Chem.MolFromSmiles(row['smiles'])) for row in rows]  # each parses in RDKit
    assert len(set(keys)) == len(keys)
    assert not seeds & set(keys)
    assert [row['rank'] for row in rows] == list(range(1, 21))
    assert rows[0]['filename'] == 'TransMol_001'
    for row in rows:
        assert row['syba_score'] is None
        assert 1 <= row['sa_score'] <= 10
        assert 0 < row['qed'] < 1
        assert 0 <= row['similarity1'] <= 1 and 0 <= row['similarity2'] <= 1
        assert row['lipinski']['mw'] == (row['molecular_weight'] <= 500)
        assert row['image'].startswith('iVBOR')  # a PNG, base64
    records = [block for block in answer['sdf'].split('$$$$\n') if block.strip()]
    assert len(records) == 20
    mol = Chem.MolFromMolBlock(records[0])
    assert mol.GetProp('_Name') == 'TransMol_001'
    assert canonical(mol) == keys[0]


def test_rank_one_is_the_most_similar_to_both_seeds(tmp_path):
    rows = run_program('transmol', request(number=10, remain_range_le=10), tmp_path)[1]['molecules']
    joint = [joint_similarity(r['similarity1'], r['similarity2']) for r in rows]
    # Rounding to 3 decimals can swap near-equal neighbours only.
    assert all(a >= b - 0.002 for a, b in zip(joint, joint[1:]))


def test_the_remain_range_picks_a_window_of_the_ranking_at_even_steps():
    ranked = list(range(100))
    assert pick(ranked, 0, 100, 10) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]
    assert pick(ranked, 50, 60, 10) == list(range(50, 60))
    assert pick(ranked, 95, 200, 10) == [95, 96, 97, 98, 99]
    assert pick(ranked, 150, 200, 10) == []


def test_the_same_molecule_twice_and_an_invalid_seed_fail_with_the_reason(tmp_path):
    done, _ = run_program('transmol', request(smiles2='OC(=O)c1ccccc1OC(C)=O'), tmp_path)
    assert done.returncode == 1 and 'same molecule' in done.stderr
    done, _ = run_program('transmol', request(smiles1='C1CC'), tmp_path)
    assert done.returncode == 1 and 'SMILES 1 is not a valid molecule' in done.stderr


def test_a_window_beyond_what_was_found_fails_with_nothing_found(tmp_path):
    # Methane and ethane: no molecule lies on a path between them, and single mutations of
    # such small strings reach only a few dozen molecules: ranks 90 to 100 do not exist.
    done, _ = run_program('transmol', request(smiles1='C', smiles2='CC', epsilon=0.1, number=10, remain_range_ge=90,
                                              remain_range_le=100), tmp_path)
    assert done.returncode == 1
    assert 'no new valid molecules' in done.stderr
