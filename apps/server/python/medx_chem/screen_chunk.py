"""One chunk of a virtual screen: every ligand prepared, docked, checked and described.

    python3 -m medx_chem.screen_chunk REQUEST.json ANSWER.json

REQUEST: {"receptor": "receptor.pdbqt", "protein": "receptor.pdb" (heavy atoms, for the
          clash check and the contacts), "box": {center_x.., size_x..},
          "settings": {"exhaustiveness", "energy_range", "seed", "cpu", "num_modes"},
          "vina": "vina", "obabel": "obabel", "heavy_atoms_max": 120,
          "dir": "chunk_7", "results": "chunk_7.jsonl",
          "ligands": [{"index": int, "name": str, "format": "smi"|"sdf"|"mol2",
                       "source": str}, ...]}
ANSWER:  {"done": n, "failed": n}

Each ligand's result is appended to RESULTS as one JSON line the moment it is known,
so the server records it while the chunk goes on, and a chunk that dies keeps what it
finished. A line: {"index", "ok", "error", "score", "pose_sdf", "smiles", "mw", "logp",
"hbd", "hba", "rotatable_bonds", "heavy_atoms", "valid", "checks", "details",
"residues", "note"}.

Per ligand, the steps the DOCKING job takes for one ligand (docs/decisions.md
"Screening"): a SMILES or 2D record gets hydrogens and an ETKDGv3 conformer with MMFF94
(embedding.py); a salt keeps its largest fragment; Open Babel protonates at pH 7.4 and
writes the PDBQT (as the DOCKING job does); Vina docks it alone (its grid maps cover
that ligand's atom types only) and its affinity is read with Vina 1.2.3's unbound-energy
bug undone (vina_results.py); the best pose gets the input's bond orders back
(restore_poses.py) and is checked as PoseBusters does (pose_checks.py). A failure is
the ligand's, with its reason; the chunk goes on.
"""
import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys

import numpy as np
from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem, Crippen, Descriptors, Lipinski, rdMolDescriptors
from rdkit.Chem.MolStandardize import rdMolStandardize

from medx_chem.cli import Failure, log, main
from medx_chem.embedding import embed_etkdg
from medx_chem.pose_checks import check_pose, protein_atoms, reference_molecule
from medx_chem.restore_poses import restored_blocks, text_records, with_props
from medx_chem.vina_results import vina_scores_of

RDLogger.DisableLog('rdApp.*')

CONTACT_A = 4.0
MINIMIZE_ITERS = 500
# Open Babel on one thread: its OpenMP pool would take every core (as chem/openbabel.ts).
TOOL_ENV = dict(os.environ, OMP_NUM_THREADS='1')
OUTPUT_TAIL = 3
PR_SET_PDEATHSIG = 1  # linux/prctl.h


class LigandFailure(Exception):
    """This ligand cannot be docked; the message is its reason."""


def _tail(text):
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return ' '.join(lines[-OUTPUT_TAIL:])


def _die_with_parent():
    """In the child before exec: killed when this chunk dies. The server starts the chunk
    under setpriv --pdeathsig, so a server killed outright ends the chunk; without this its
    Vina would dock on to the end, beside the restarted server's own run of that ligand."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _run(args, what):
    done = subprocess.run(args, capture_output=True, text=True, env=TOOL_ENV, check=False,
                          preexec_fn=_die_with_parent if sys.platform == 'linux' else None)
    if done.returncode != 0:
        raise LigandFailure('%s failed: %s' % (what, _tail(done.stdout + done.stderr) or done.returncode))
    return done.stdout + done.stderr


def _is_3d(mol):
    if mol.GetNumConformers() == 0:
        return False
    positions = mol.GetConformer().GetPositions()
    return bool(np.abs(positions[:, 2]).max() > 1e-3)


def _read(ligand, work, obabel):
    fmt, source = ligand['format'], ligand['source']
    if fmt == 'smi':
        mol = Chem.MolFromSmiles(source)
        if mol is None:
            raise LigandFailure('RDKit cannot parse the SMILES')
        return mol
    if fmt == 'sdf':
        mol = Chem.MolFromMolBlock(source, removeHs=False)
        if mol is None:
            raise LigandFailure('RDKit cannot read the record')
        return mol
    if fmt == 'mol2':
        # RDKit reads only Corina-style MOL2; Open Babel reads the rest and keeps bond orders.
        mol = Chem.MolFromMol2Block(source, removeHs=False)
        if mol is not None:
            return mol
        path = os.path.join(work, 'in.mol2')
        with open(path, 'w') as sink:
            sink.write(source)
        out = os.path.join(work, 'in.sdf')
        _run([obabel, path, '-osdf', '-O', out], 'Open Babel')
        mol = Chem.MolFromMolFile(out, removeHs=False) if os.path.exists(out) else None
        if mol is None:
            raise LigandFailure('the MOL2 record cannot be read')
        return mol
    raise LigandFailure('unknown format %s' % fmt)


def _prepare(mol, heavy_max):
    """The molecule to dock, with hydrogens and 3D coordinates, and a note on what changed."""
    notes = []
    if len(Chem.GetMolFrags(mol)) > 1:
        mol = rdMolStandardize.LargestFragmentChooser(preferOrganic=True).choose(mol)
        notes.append('kept the largest fragment')
    heavy = mol.GetNumHeavyAtoms()
    if heavy == 0:
        raise LigandFailure('the molecule has no heavy atoms')
    if heavy > heavy_max:
        raise LigandFailure('%d heavy atoms (the limit is %d)' % (heavy, heavy_max))
    if _is_3d(mol):
        return Chem.AddHs(mol, addCoords=True), notes
    mol = Chem.AddHs(Chem.RemoveHs(mol))
    if not embed_etkdg(mol):
        raise LigandFailure('ETKDG could not embed the molecule in 3D')
    if AllChem.MMFFHasAllMoleculeParams(mol):
        AllChem.MMFFOptimizeMolecule(mol, maxIters=MINIMIZE_ITERS)
    else:
        AllChem.UFFOptimizeMolecule(mol, maxIters=MINIMIZE_ITERS)
    notes.append('3D embedded with ETKDGv3')
    return mol, notes


def _properties(mol):
    heavy = Chem.RemoveHs(mol)
    return {
        'smiles': Chem.MolToSmiles(heavy),
        'mw': round(Descriptors.MolWt(heavy), 2),
        'logp': round(Crippen.MolLogP(heavy), 2),
        'hbd': Lipinski.NumHDonors(heavy),
        'hba': Lipinski.NumHAcceptors(heavy),
        'rotatable_bonds': rdMolDescriptors.CalcNumRotatableBonds(heavy),
        'heavy_atoms': heavy.GetNumAtoms(),
    }


def _vina_args(request, ligand, out):
    box = request['box']
    settings = request['settings']
    args = [request.get('vina', 'vina'), '--receptor', request['receptor'], '--ligand', ligand, '--out', out,
            '--scoring', 'vina']
    for key in ('center_x', 'center_y', 'center_z', 'size_x', 'size_y', 'size_z'):
        args += ['--' + key, str(box[key])]
    args += ['--exhaustiveness', str(settings['exhaustiveness']),
             '--num_modes', str(settings.get('num_modes', 9)),
             '--energy_range', str(settings['energy_range']),
             '--cpu', str(settings.get('cpu', 1)),
             '--seed', str(settings['seed'])]
    return args


class Receptor:
    """The protein's heavy atoms, for the clash check and the contact residues."""

    def __init__(self, path):
        self.clash = protein_atoms(path)
        protein = Chem.MolFromPDBFile(path, removeHs=True, sanitize=False)
        heavy = [atom for atom in protein.GetAtoms() if atom.GetAtomicNum() > 1]
        self.coords = protein.GetConformer().GetPositions()[[atom.GetIdx() for atom in heavy]]
        self.labels = []
        for atom in heavy:
            info = atom.GetPDBResidueInfo()
            chain = (info.GetChainId() or '').strip() if info else ''
            label = '%s%d%s' % (info.GetResidueName().strip(), info.GetResidueNumber(),
                                info.GetInsertionCode().strip()) if info else '?'
            self.labels.append('%s:%s' % (chain, label) if chain else label)
        self.labels = np.array(self.labels)

    def contacts(self, mol):
        positions = np.array([mol.GetConformer().GetAtomPosition(a.GetIdx())
                              for a in mol.GetAtoms() if a.GetAtomicNum() > 1])
        if len(positions) == 0 or len(self.coords) == 0:
            return []
        near = set()
        for point in positions:
            close = np.linalg.norm(self.coords - point, axis=1) <= CONTACT_A
            near.update(self.labels[close].tolist())
        return sorted(near)


def dock_ligand(request, ligand, receptor, work):
    obabel = request.get('obabel', 'obabel')
    answer = {'index': ligand['index'], 'ok': False, 'error': None, 'note': None}
    mol, notes = _prepare(_read(ligand, work, obabel), request.get('heavy_atoms_max', 120))
    answer.update(_properties(mol))
    mol.SetProp('_Name', ligand['name'])
    template = os.path.join(work, 'template.sdf')
    Chem.MolToMolFile(mol, template)
    pdbqt = os.path.join(work, 'ligand.pdbqt')
    _run([obabel, template, '-p', '7.4', '-O', pdbqt], 'Open Babel')
    with open(pdbqt) as source:
        if not any(line.startswith(('ATOM', 'HETATM')) for line in source):
            raise LigandFailure('Open Babel could not convert the ligand to PDBQT')
    out = os.path.join(work, 'out.pdbqt')
    output = _run(_vina_args(request, pdbqt, out), 'Vina')
    scores = vina_scores_of(out) if os.path.exists(out) else []
    if not scores:
        raise LigandFailure('Vina wrote no pose: %s' % _tail(output))
    poses = os.path.join(work, 'poses.sdf')
    _run([obabel, out, '-l', '1', '-osdf', '-O', poses], 'Open Babel')
    raw = text_records(poses)[:1]
    if not raw:
        raise LigandFailure('the pose could not be read back')
    try:
        block = restored_blocks(template, raw)[0]
    except Exception as error:  # noqa: BLE001 (the pose stays, with Open Babel's bonds)
        block = raw[0].split('M  END')[0] + 'M  END\n'
        notes.append('bond orders not restored (%s)' % str(error).strip())
    lines = block.split('\n')
    lines[0] = ligand['name']
    block = '\n'.join(lines)
    pose_path = os.path.join(work, 'pose.sdf')
    with open(pose_path, 'w') as sink:
        sink.write(with_props(block, []))
    checked = check_pose(pose_path, reference_molecule(template), receptor.clash)
    pose_mol = Chem.MolFromMolFile(pose_path, removeHs=False, sanitize=False)
    failed = [name for name, passed in checked['checks'].items() if not passed]
    props = [('vina_score', '%.3f' % scores[0]), ('valid', 'yes' if checked['valid'] else 'no')]
    if failed:
        props.append(('failed_checks', ' '.join(failed)))
    answer.update({
        'ok': True,
        'score': scores[0],
        'pose_sdf': with_props(block, props),
        'valid': checked['valid'],
        'checks': checked['checks'],
        'details': checked['details'],
        'residues': receptor.contacts(pose_mol) if pose_mol is not None else [],
        'note': '; '.join(notes) or None,
    })
    return answer


def screen_chunk(request):
    ligands = request.get('ligands')
    if not isinstance(ligands, list):
        raise Failure('no ligands')
    receptor = Receptor(request['protein'])
    done = failed = 0
    with open(request['results'], 'a') as results:
        for ligand in ligands:
            work = os.path.join(request['dir'], str(ligand['index']))
            os.makedirs(work, exist_ok=True)
            try:
                answer = dock_ligand(request, ligand, receptor, work)
                done += 1
            except LigandFailure as failure:
                answer = {'index': ligand['index'], 'ok': False, 'error': str(failure)[:500]}
                failed += 1
            except Exception as error:  # noqa: BLE001 (one molecule must not stop the chunk)
                answer = {'index': ligand['index'], 'ok': False,
                          'error': ('%s: %s' % (error.__class__.__name__, error))[:500]}
                failed += 1
            finally:
                shutil.rmtree(work, ignore_errors=True)
            results.write(json.dumps(answer) + '\n')
            results.flush()
            log('ligand %s: %s' % (ligand['index'], 'docked' if answer['ok'] else answer['error']))
    return {'done': done, 'failed': failed}


if __name__ == '__main__':
    main(screen_chunk, 'screen_chunk')
