"""Helpers shared by the tests of the medx_chem programs."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rdkit import Chem
from rdkit.Chem import AllChem

PYTHON_DIR = Path(__file__).resolve().parents[1]
# Real complexes shipped with the server (apps/server/samples): always in the repository.
SAMPLES = PYTHON_DIR.parent / 'samples'


def sample(name):
    return (SAMPLES / name).read_text()


def run_program(program, request, cwd, stdin_stdout=False):
    """Runs `python3 -m medx_chem.<program>` as the server does (PYTHONPATH, JSON files
    or "-"), in cwd; answers (completed process, parsed answer or None)."""
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR), PYTHONSAFEPATH='1')
    if stdin_stdout:
        done = subprocess.run([sys.executable, '-m', 'medx_chem.' + program, '-', '-'], cwd=cwd, env=env,
                              input=json.dumps(request), capture_output=True, text=True, timeout=120)
        return done, (json.loads(done.stdout) if done.returncode == 0 else None)
    Path(cwd, 'request.json').write_text(json.dumps(request))
    done = subprocess.run([sys.executable, '-m', 'medx_chem.' + program, 'request.json', 'answer.json'], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120)
    answer = Path(cwd, 'answer.json')
    return done, (json.loads(answer.read_text()) if answer.exists() else None)


def embedded(smiles, seed=7):
    """A 3D molecule with hydrogens, for inputs the tests make themselves."""
    mol = Chem.AddHs(Chem.MolFromSmiles(smiles))
    assert AllChem.EmbedMolecule(mol, randomSeed=seed) == 0
    return mol


def canonical(mol):
    return Chem.MolToSmiles(Chem.RemoveHs(mol))


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """The programs read and write paths relative to the working directory (a job's)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
