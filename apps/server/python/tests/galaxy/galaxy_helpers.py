"""Helpers of the medx_galaxy tests: where the copied Galaxy tools live, and running a program as the server does."""
import json
import os
import subprocess
import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[2]
DATA = PYTHON_DIR / 'tests' / 'galaxy_data'


def run_program(program, request, cwd=None):
    """`python3 -m medx_galaxy.<program> - -` with the request on stdin: (completed process, answer or None)."""
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR), PYTHONSAFEPATH='1')
    done = subprocess.run([sys.executable, '-m', 'medx_galaxy.' + program, '-', '-'], cwd=cwd, env=env,
                          input=json.dumps(request), capture_output=True, text=True, timeout=60)
    return done, (json.loads(done.stdout) if done.returncode == 0 else None)


def write(path, text):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path
