"""medx_chem.screen_chunk: one chunk of a screen, with real Open Babel and Vina (exhaustiveness 1)."""
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SAMPLES, run_program

from medx_chem.screen_chunk import LigandFailure, _prepare, _read
from rdkit import Chem

# The crystal imatinib's box in 1IEP, padded.
BOX = {'center_x': 15.19, 'center_y': 53.9, 'center_z': 16.92, 'size_x': 20, 'size_y': 20, 'size_z': 20}


@pytest.fixture(scope='module')
def receptor(tmp_path_factory):
    folder = tmp_path_factory.mktemp('receptor')
    shutil.copy(SAMPLES / '1iep_receptor.pdb', folder / 'receptor.pdb')
    subprocess.run(['obabel', 'receptor.pdb', '-xr', '-O', 'receptor.pdbqt'], cwd=folder, check=True,
                   capture_output=True)
    return folder


def chunk(folder, ligands):
    request = {'receptor': 'receptor.pdbqt', 'protein': 'receptor.pdb', 'box': BOX,
               'settings': {'exhaustiveness': 1, 'energy_range': 3, 'seed': 3, 'cpu': 1},
               'heavy_atoms_max': 40, 'dir': 'chunk_1', 'results': 'chunk_1.jsonl', 'ligands': ligands}
    done, answer = run_program('screen_chunk', request, folder)
    lines = [json.loads(line) for line in Path(folder, 'chunk_1.jsonl').read_text().splitlines()]
    return done, answer, {line['index']: line for line in lines}


def test_each_ligand_is_reported_on_its_own_line_and_a_bad_one_fails_alone(receptor):
    done, answer, lines = chunk(receptor, [
        {'index': 4, 'name': 'phenol', 'format': 'smi', 'source': 'Oc1ccccc1'},
        {'index': 5, 'name': 'broken', 'format': 'smi', 'source': 'C1CC(('},
        {'index': 6, 'name': 'long', 'format': 'smi', 'source': 'C' * 41},
        {'index': 7, 'name': 'salt', 'format': 'smi', 'source': 'C[NH+](C)CCc1ccccc1.[Cl-]'},
    ])
    assert done.returncode == 0, done.stderr
    assert answer == {'done': 2, 'failed': 2}
    assert lines[5] == {'index': 5, 'ok': False, 'error': 'RDKit cannot parse the SMILES'}
    assert lines[6]['error'] == '41 heavy atoms (the limit is 40)'
    phenol = lines[4]
    assert phenol['ok'] and phenol['score'] < 0
    assert phenol['smiles'] == 'Oc1ccccc1' and phenol['heavy_atoms'] == 7
    assert set(phenol['checks']) == {'sanitization', 'identity', 'bond_lengths', 'bond_angles', 'internal_clash',
                                     'aromatic_flatness', 'protein_clash'}
    assert phenol['valid'] == all(phenol['checks'].values())
    assert all(':' in residue for residue in phenol['residues'])
    # The pose is an SDF record named after the ligand, with its score as a data item.
    pose = Chem.MolFromMolBlock(phenol['pose_sdf'])
    assert pose.GetProp('_Name') == 'phenol'
    assert 'vina_score' in phenol['pose_sdf']
    # The salt keeps its organic cation only.
    assert lines[7]['smiles'] == 'C[NH+](C)CCc1ccccc1'
    assert not Path(receptor, 'chunk_1', '4').exists()


def test_a_2d_record_is_embedded_and_a_3d_one_kept():
    flat = Chem.MolFromSmiles('OCc1ccncc1')
    block = Chem.MolToMolBlock(flat)
    mol, notes = _prepare(_read({'format': 'sdf', 'source': block}, '.', 'obabel'), 40)
    assert mol.GetConformer().Is3D() and notes == ['3D embedded with ETKDGv3']
    crystal = Chem.MolFromMolFile(str(SAMPLES / '1iep_imatinib.sdf'), removeHs=False)
    kept, notes = _prepare(crystal, 40)
    assert notes == []
    first = crystal.GetConformer().GetAtomPosition(0)
    assert kept.GetConformer().GetAtomPosition(0).Distance(first) == 0


def test_an_unreadable_record_is_a_ligand_failure():
    with pytest.raises(LigandFailure, match='cannot read the record'):
        _read({'format': 'sdf', 'source': 'nothing\n\n\n  1  0  0\nM  END\n'}, '.', 'obabel')


def _gone(pid):
    """The process has ended (a zombie no one has reaped yet counts as ended)."""
    try:
        with open('/proc/%d/stat' % pid) as stat:
            return stat.read().rsplit(')', 1)[1].split()[0] in ('Z', 'X')
    except FileNotFoundError:
        return True


def _wait_for(condition, what, timeout=20):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, 'timed out waiting for %s' % what
        time.sleep(0.05)


def test_a_program_dies_with_the_chunk_that_started_it(tmp_path):
    # A chunk killed outright (its server was) must not leave its Vina docking on.
    pidfile = tmp_path / 'pid'
    code = ('import sys; sys.path.insert(0, %r); from medx_chem import screen_chunk; '
            'screen_chunk._run(["sh", "-c", "echo $$ > %s; exec sleep 60"], "sleep")'
            % (str(Path(__file__).resolve().parents[1]), pidfile))
    chunk_process = subprocess.Popen([sys.executable, '-c', code])
    try:
        _wait_for(lambda: pidfile.exists() and pidfile.read_text().strip(), 'the program to start')
        program = int(pidfile.read_text())
        assert not _gone(program)
    finally:
        chunk_process.kill()
        chunk_process.wait()
    _wait_for(lambda: _gone(program), 'the program to die with its chunk')
