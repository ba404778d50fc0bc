"""medx_chem.selfies_grammar: round trips through Kekulé SMILES, and SELFIES's guarantee."""
import random

import pytest
from rdkit import Chem

from medx_chem.selfies_grammar import (INDEX_ALPHABET, NOP, SelfiesError, decode_graph, encode, split_symbols,
                                       to_rdkit)

# Aromatic rings, fused rings, charges, a macrocycle, halogens, hypervalent S and P, bracket hydrogens.
MOLECULES = [
    'CC(=O)Oc1ccccc1C(=O)O',
    'Cc1ccc(cc1Nc1nccc(n1)-c1cccnc1)NC(=O)c1ccc(CN2CCN(C)CC2)cc1',
    'c1ccc2c(c1)ccc1ccccc12',
    'O=[N+]([O-])c1ccccc1',
    '[NH3+]CC([O-])=O',
    'C1CCCCCCCCCCC1',
    'CS(=O)(=O)N1CCN(CC1)c1ncc(s1)C#N',
    'Clc1ccc(Br)cc1I',
    'OP(=O)(O)OCC',
    'c1ccc2[nH]ccc2c1',
    'C[N+](C)(C)CCOC(C)=O',
    'FC(F)(F)c1ccc(Oc2ccccc2)cc1',
]


def kekule_forms(smiles, count, seed):
    mol = Chem.MolFromSmiles(smiles)
    rng = random.Random(seed)
    for _ in range(count):
        order = list(range(mol.GetNumAtoms()))
        rng.shuffle(order)
        shuffled = Chem.RenumberAtoms(mol, order)
        Chem.Kekulize(shuffled, clearAromaticFlags=True)
        yield Chem.MolToSmiles(shuffled, kekuleSmiles=True, isomericSmiles=False, canonical=False)


def decoded_smiles(selfies):
    mol = to_rdkit(decode_graph(selfies))
    Chem.SanitizeMol(mol)
    return Chem.MolToSmiles(mol, isomericSmiles=False)


@pytest.mark.parametrize('smiles', MOLECULES)
def test_every_atom_order_of_a_molecule_decodes_back_to_it(smiles):
    expected = Chem.MolToSmiles(Chem.MolFromSmiles(smiles), isomericSmiles=False)
    for form in kekule_forms(smiles, 15, seed=len(smiles)):
        assert decoded_smiles(encode(form)) == expected, form


def test_symbols_of_a_selfies_string_are_split_and_anything_else_is_refused():
    assert split_symbols('[C][=Branch1][C][=O][O]') == ['[C]', '[=Branch1]', '[C]', '[=O]', '[O]']
    with pytest.raises(SelfiesError):
        split_symbols('[C]x[O]')


def test_branch_and_ring_indices_use_the_hexadecimal_index_alphabet():
    # Acetic acid: the branch holds 1 symbol, so Q = 0 = '[C]' (the alphabet's first symbol).
    assert encode('CC(=O)O') == '[C][C][=Branch1][C][=O][O]'
    # Propanol's ethyl branch holds 2 symbols: Q = 1 = '[Ring1]' (the second symbol).
    assert encode('CC(CC)O') == '[C][C][Branch1][Ring1][C][C][O]'
    assert INDEX_ALPHABET[:2] == ('[C]', '[Ring1]')
    # Cyclohexane: the ring bond joins atom 5 to atom 0, Q = 4 = '[=Branch1]'.
    assert encode('C1CCCCC1') == '[C][C][C][C][C][C][Ring1][=Branch1]'


def test_aromatic_smiles_is_refused_by_the_encoder():
    with pytest.raises(SelfiesError):
        encode('c1ccccc1')


def test_any_string_of_symbols_decodes_to_a_molecule_rdkit_sanitises():
    alphabet = ['[C]', '[=C]', '[#C]', '[N]', '[=N]', '[#N]', '[O]', '[=O]', '[F]', '[S]', '[Cl]', '[P]',
                '[Branch1]', '[=Branch1]', '[#Branch1]', '[Branch2]', '[Ring1]', '[=Ring1]', '[Ring2]',
                '[NH1+1]', '[O-1]', NOP]
    rng = random.Random(2021)
    for _ in range(3000):
        selfies = ''.join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        mol = to_rdkit(decode_graph(selfies))
        Chem.SanitizeMol(mol)  # raises on a valence error
        # Only branch, ring and [nop] symbols before the first atom are skipped, never the atom.
        has_atom = any(s not in (NOP,) and 'Branch' not in s and 'Ring' not in s for s in split_symbols(selfies))
        assert (mol.GetNumAtoms() >= 1) == has_atom


def test_valence_is_never_exceeded_a_fluorine_ends_the_chain():
    # After [F] (capacity 1, used by its bond) nothing more can bond: the rest is ignored.
    assert decoded_smiles('[C][F][C][C]') == 'CF'
    # A triple bond asked of a carbon with two free valences left becomes double.
    assert decoded_smiles('[C][=C][#C]') == 'C=C=C'
