"""medx_chem.embed_smiles: SMILES lines to 3D SDF, the way chem/etkdg.ts runs it (- -)."""
import subprocess
import sys

from rdkit import Chem

from conftest import PYTHON_DIR, run_program

NICOTINE = 'CN1CCC[C@H]1c1cccnc1'
PARACETAMOL = 'CC(=O)Nc1ccc(O)cc1'


def records(sdf):
    return [Chem.MolFromMolBlock(block, removeHs=False) for block in sdf.split('$$$$\n') if block.strip()]


def test_one_titled_3d_record_with_hydrogens_per_smiles(tmp_path):
    done, answer = run_program('embed_smiles', {'lines': [NICOTINE, '', PARACETAMOL + '  para cetamol ']}, tmp_path,
                               stdin_stdout=True)
    assert done.returncode == 0, done.stderr
    mols = records(answer['sdf'])
    assert [m.GetProp('_Name') for m in mols] == ['', 'para cetamol']
    assert [m.GetNumAtoms() for m in mols] == [26, 20]  # every hydrogen explicit
    for mol in mols:
        z = mol.GetConformer().GetPositions()[:, 2]
        assert z.max() - z.min() > 0.5
    Chem.AssignStereochemistryFrom3D(mols[0])
    assert Chem.MolToSmiles(Chem.RemoveHs(mols[0])) == Chem.CanonSmiles(NICOTINE)


def test_the_same_smiles_gives_the_same_sdf_twice(tmp_path):
    runs = [run_program('embed_smiles', {'lines': [NICOTINE]}, tmp_path, stdin_stdout=True)[1] for _ in range(2)]
    assert runs[0]['sdf'] == runs[1]['sdf']


def test_a_bad_smiles_fails_the_run_naming_its_line(tmp_path):
    done, answer = run_program('embed_smiles', {'lines': [PARACETAMOL, 'C1CC(']}, tmp_path, stdin_stdout=True)
    assert done.returncode == 1
    assert answer is None and done.stdout == ''
    assert done.stderr.strip() == 'line 2: RDKit cannot parse the SMILES'


def test_an_unembeddable_molecule_fails_the_run_naming_its_line(tmp_path):
    done, _ = run_program('embed_smiles', {'lines': ['C12C3C4C1C3C24 cage']}, tmp_path, stdin_stdout=True)
    assert done.returncode == 1
    assert done.stderr.strip() == 'line 1: ETKDG could not embed the molecule'


def test_request_and_answer_can_be_files(tmp_path):
    done, answer = run_program('embed_smiles', {'lines': [PARACETAMOL + ' p']}, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ''
    assert [m.GetProp('_Name') for m in records(answer['sdf'])] == ['p']


def test_wrong_arguments_print_the_usage(tmp_path):
    bad = subprocess.run([sys.executable, '-m', 'medx_chem.embed_smiles', 'only-one.json'], cwd=tmp_path,
                         env={'PYTHONPATH': str(PYTHON_DIR)}, capture_output=True, text=True)
    assert bad.returncode == 1
    assert 'usage: python3 -m medx_chem.embed_smiles REQUEST.json ANSWER.json' in bad.stderr
