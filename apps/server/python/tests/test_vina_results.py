"""medx_chem.vina_results: Vina's affinities, with Vina 1.2.3's unbound-energy bug undone."""
import json
import re
import subprocess
from pathlib import Path

import pytest
from conftest import PYTHON_DIR, run_program

from medx_chem.vina_results import vina_scores

SERVER_DIR = PYTHON_DIR.parent
# A real output of Debian 12's Vina 1.2.3 (test/fixtures/README.md): DUD-E decoy ZINC39021363
# docked into HSP90a (bench:dude's receptor and box, exhaustiveness 1, seed 42).
BUGGY = (SERVER_DIR / 'test' / 'fixtures' / 'vina' / 'vina-1.2.3-unbound-bug.pdbqt').read_text()
HS90A = SERVER_DIR / 'bench' / 'data' / 'dude-hs90a'
BOX = {'center_x': 2.27, 'center_y': 10.02, 'center_z': 25.38, 'size_x': 18.75, 'size_y': 21.96, 'size_z': 14.91}
WIDE_BOX = ['--center_x', '2.27', '--center_y', '10.02', '--center_z', '25.38',
            '--size_x', '30', '--size_y', '30', '--size_z', '30']
DECOY = 'COc1ccc(cc1)C2=C[C@H](N=N2)[C@@H]3NN[C@@H](N3N)SCc4cccc5c4cccc5'


@pytest.fixture(scope='module')
def receptor(tmp_path_factory):
    """The hs90a receptor as the server prepares it for Vina: its hydrogens dropped
    (chem/receptor.ts cleanReceptor), then chem/receptor.ts's Open Babel call."""
    folder = tmp_path_factory.mktemp('hs90a')
    lines = (HS90A / 'receptor.pdb').read_text().splitlines()
    heavy = [line for line in lines if not (line.startswith(('ATOM', 'HETATM')) and line[76:78].strip() == 'H')]
    (folder / 'receptor_clean.pdb').write_text('\n'.join(heavy) + '\n')
    subprocess.run(['obabel', 'receptor_clean.pdb', '-xr', '-p', '7.4', '--partialcharge', 'gasteiger',
                    '-O', 'receptor.pdbqt'], cwd=folder, check=True, capture_output=True)
    subprocess.run(['obabel', 'receptor.pdbqt', '-O', 'receptor.pdb'], cwd=folder, check=True, capture_output=True)
    return folder


def score_only(receptor_pdbqt, ligand_pdbqt):
    """`vina --score_only`: Vina's affinity of a pose as it is, its unbound energy that pose's own."""
    done = subprocess.run(['vina', '--receptor', str(receptor_pdbqt), '--ligand', str(ligand_pdbqt),
                           '--score_only', *WIDE_BOX], check=True, capture_output=True, text=True)
    return float(re.search(r'Estimated Free Energy of Binding\s*:\s*(-?[\d.]+)', done.stdout).group(1))


def test_the_fixture_shows_the_bug():
    # The best pose's intramolecular and unbound energies should be equal; here they are not.
    assert 'REMARK INTRA:                  -0.966' in BUGGY and 'REMARK UNBOUND:                23.711' in BUGGY
    assert 'REMARK VINA RESULT:   -27.917' in BUGGY


def test_affinities_take_the_best_pose_intramolecular_energy_as_unbound():
    scores = vina_scores(BUGGY)
    # factor = -27.917 / (-14.815 - 23.711); the best pose scores its intermolecular energy alone.
    assert scores[0] == pytest.approx(-27.917 / (-14.815 - 23.711) * -13.849, abs=0.002)
    assert scores == sorted(scores) and len(scores) == 6
    assert scores[1] == pytest.approx(-26.662 / (-13.082 - 23.711) * (-13.082 + 0.966), abs=0.002)


def test_outputs_whose_energies_agree_or_lack_the_terms_are_read_as_they_are():
    agreeing = BUGGY.replace('REMARK UNBOUND:                23.711', 'REMARK UNBOUND:                -0.966')
    assert vina_scores(agreeing)[:2] == [-27.917, -26.662]
    bare = 'MODEL 1\nREMARK VINA RESULT:    -6.823      0.000      0.000\nENDMDL\n'
    assert vina_scores(bare) == [-6.823]
    assert vina_scores('') == []


def test_the_corrected_best_affinity_is_what_vina_scores_for_that_pose(receptor, tmp_path):
    best = BUGGY.split('ENDMDL')[0].split('\n', 1)[1]
    (tmp_path / 'best.pdbqt').write_text(best)
    assert score_only(receptor / 'receptor.pdbqt', tmp_path / 'best.pdbqt') == pytest.approx(
        vina_scores(BUGGY)[0], abs=0.01)


def test_a_screened_ligand_scores_what_vina_scores_for_its_pose(receptor, tmp_path):
    # Through the chunk program, as a screen runs it: before the fix this decoy reported -27.9.
    request = {'receptor': str(receptor / 'receptor.pdbqt'), 'protein': str(receptor / 'receptor.pdb'),
               'box': BOX, 'settings': {'exhaustiveness': 1, 'energy_range': 3, 'seed': 42, 'cpu': 1},
               'heavy_atoms_max': 120, 'dir': 'chunk_1', 'results': 'chunk_1.jsonl',
               'ligands': [{'index': 0, 'name': 'ZINC39021363', 'format': 'smi', 'source': DECOY}]}
    done, answer = run_program('screen_chunk', request, tmp_path)
    assert done.returncode == 0, done.stderr
    line = json.loads(Path(tmp_path, 'chunk_1.jsonl').read_text().splitlines()[0])
    assert line['ok'], line
    (tmp_path / 'pose.sdf').write_text(line['pose_sdf'])
    subprocess.run(['obabel', 'pose.sdf', '-O', 'pose.pdbqt'], cwd=tmp_path, check=True, capture_output=True)
    assert line['score'] == pytest.approx(score_only(receptor / 'receptor.pdbqt', tmp_path / 'pose.pdbqt'), abs=0.05)
    assert line['score'] > -15
