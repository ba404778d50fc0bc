"""Physical validity of docked poses, checked as PoseBusters does (issue 14, item 4).

    python3 -m medx_chem.pose_checks REQUEST.json ANSWER.json

REQUEST: {"protein": "receptor.pdb" (optional),
          "poses": [{"name": str, "pose": "pose.sdf", "reference": "SMILES or path.sdf"}, ...]}
ANSWER:  {"poses": [{"name": str, "valid": bool, "checks": {check: bool, ...},
                     "details": {check: str, ...}}, ...]}

PoseBusters (Buttenschoen, Morris & Deane, Chem. Sci. 2024, 15, 3130) is not installable
here (no PyPI), so its tests are rebuilt on RDKit with its published tolerances:

- sanitization: RDKit sanitizes the pose;
- identity: the pose is the input molecule. PoseBusters compares InChIs; Debian's RDKit is
  built without InChI, so the key is the canonical isomeric SMILES of the heavy atoms with
  charges neutralized (protonation may differ between input and pose; stereo may not);
- bond_lengths, bond_angles: every bond and every 1-3 distance lies within RDKit's
  distance-geometry bounds, widened by 25 %;
- internal_clash: heavy atoms more than three bonds apart are no closer than 70 % of their lower
  bound (0.7 x the sum of their van der Waals radii, as the bounds matrix sets it);
- aromatic_flatness: every aromatic ring of 5 or 6 atoms lies within 0.25 A of its plane;
- protein_clash: no ligand heavy atom is closer to a protein heavy atom than 75 % of the sum
  of their van der Waals radii; for metal ions (inorganic cofactors, which ligands
  coordinate) 75 % of the sum of covalent radii, as PoseBusters' inorganic-cofactor check
  (only with a protein).

A pose that cannot be read fails "sanitization" and the checks that need it; the others
in the request go on.
"""
import numpy as np
from rdkit import Chem, RDLogger
from rdkit.Chem import rdDistGeom
from rdkit.Chem.MolStandardize import rdMolStandardize

from medx_chem.cli import Failure, main

RDLogger.DisableLog('rdApp.*')

BOUND_TOLERANCE = 0.25
CLASH_FRACTION = 0.7
FLATNESS_A = 0.25
PROTEIN_CLASH_FRACTION = 0.75
PTABLE = Chem.GetPeriodicTable()
# Elements that are not metals: H, B, C, N, O, F, Si, P, S, Cl, As, Se, Br, I.
NON_METALS = {1, 5, 6, 7, 8, 9, 14, 15, 16, 17, 33, 34, 35, 53}


def _read_pose(path):
    supplier = Chem.SDMolSupplier(path, removeHs=False, sanitize=False)
    mol = next(iter(supplier), None)
    if mol is None:
        return None, 'no molecule in %s' % path
    try:
        Chem.SanitizeMol(mol)
    except Exception as error:  # noqa: BLE001 (RDKit raises several kinds)
        return None, 'RDKit cannot sanitize it: %s' % error
    if mol.GetNumConformers() and mol.GetConformer().Is3D():
        Chem.AssignStereochemistryFrom3D(mol)
    return mol, None


def reference_molecule(reference):
    if reference.endswith(('.sdf', '.mol')):
        mol, error = _read_pose(reference)
        if mol is None:
            raise Failure('the reference %s cannot be read: %s' % (reference, error))
        return mol
    mol = Chem.MolFromSmiles(reference)
    if mol is None:
        raise Failure('the reference SMILES %r cannot be read' % reference)
    return mol


def _identity(mol):
    neutral = rdMolStandardize.Uncharger().uncharge(Chem.RemoveHs(mol))
    return Chem.MolToSmiles(neutral, isomericSmiles=True)


def _bounds_checks(mol):
    """Bond lengths, 1-3 distances and internal clashes against the DG bounds matrix."""
    bounds = rdDistGeom.GetMoleculeBoundsMatrix(mol)
    coords = mol.GetConformer().GetPositions()
    topo = Chem.GetDistanceMatrix(mol)
    worst = {'bond_lengths': None, 'bond_angles': None, 'internal_clash': None}
    n = mol.GetNumAtoms()
    # Clashes between heavy atoms only: Vina docks polar hydrogens alone and the others are
    # placed afterwards (restore_poses.py), so their positions are ours, not the pose's.
    heavy = [atom.GetAtomicNum() > 1 for atom in mol.GetAtoms()]
    for i in range(n):
        for j in range(i + 1, n):
            hops = topo[i][j]
            distance = float(np.linalg.norm(coords[i] - coords[j]))
            # The bounds matrix keeps upper bounds above the diagonal, lower ones below.
            upper, lower = bounds[i][j], bounds[j][i]
            if hops in (1, 2):
                key = 'bond_lengths' if hops == 1 else 'bond_angles'
                if distance < lower * (1 - BOUND_TOLERANCE) or distance > upper * (1 + BOUND_TOLERANCE):
                    worst[key] = worst[key] or 'atoms %d-%d at %.2f A, bounds %.2f-%.2f A' % (
                        i + 1, j + 1, distance, lower, upper)
            elif hops > 3 and heavy[i] and heavy[j] and distance < lower * CLASH_FRACTION:
                worst['internal_clash'] = worst['internal_clash'] or 'atoms %d and %d %.2f A apart' % (
                    i + 1, j + 1, distance)
    return worst


def _flatness(mol):
    coords = mol.GetConformer().GetPositions()
    for ring in mol.GetRingInfo().AtomRings():
        if len(ring) not in (5, 6) or not all(mol.GetAtomWithIdx(i).GetIsAromatic() for i in ring):
            continue
        points = coords[list(ring)]
        centred = points - points.mean(axis=0)
        # The plane's normal is the direction of least spread.
        normal = np.linalg.svd(centred)[2][-1]
        off = float(np.abs(centred @ normal).max())
        if off > FLATNESS_A:
            return 'ring of atoms %s is %.2f A out of plane' % ('-'.join(str(i + 1) for i in ring), off)
    return None


def protein_atoms(path):
    protein = Chem.MolFromPDBFile(path, removeHs=True, sanitize=False)
    if protein is None:
        raise Failure('the protein %s cannot be read' % path)
    heavy = [atom for atom in protein.GetAtoms() if atom.GetAtomicNum() > 1]
    coords = protein.GetConformer().GetPositions()[[atom.GetIdx() for atom in heavy]]
    metal = np.array([atom.GetAtomicNum() not in NON_METALS for atom in heavy])
    radii = np.array([
        PTABLE.GetRcovalent(atom.GetAtomicNum()) if is_metal else PTABLE.GetRvdw(atom.GetAtomicNum())
        for atom, is_metal in zip(heavy, metal)
    ])
    return coords, radii, metal


def _protein_clash(mol, protein):
    coords, radii, metal = protein
    for atom in mol.GetAtoms():
        if atom.GetAtomicNum() == 1:
            continue
        position = mol.GetConformer().GetAtomPosition(atom.GetIdx())
        distances = np.linalg.norm(coords - np.array([position.x, position.y, position.z]), axis=1)
        own = np.where(metal, PTABLE.GetRcovalent(atom.GetAtomicNum()), PTABLE.GetRvdw(atom.GetAtomicNum()))
        limits = PROTEIN_CLASH_FRACTION * (radii + own)
        relative = distances / limits
        closest = int(np.argmin(relative))
        if relative[closest] < 1:
            return 'ligand atom %d is %.2f A from a protein atom (limit %.2f A)' % (
                atom.GetIdx() + 1, distances[closest], limits[closest])
    return None


def check_pose(pose_path, reference, protein=None):
    mol, error = _read_pose(pose_path)
    checks = {}
    details = {}
    if mol is None:
        checks['sanitization'] = False
        details['sanitization'] = error
        return {'valid': False, 'checks': checks, 'details': details}
    checks['sanitization'] = True
    same = _identity(mol) == _identity(reference)
    checks['identity'] = same
    if not same:
        details['identity'] = 'pose %s, input %s' % (_identity(mol), _identity(reference))
    for key, problem in _bounds_checks(mol).items():
        checks[key] = problem is None
        if problem:
            details[key] = problem
    flat = _flatness(mol)
    checks['aromatic_flatness'] = flat is None
    if flat:
        details['aromatic_flatness'] = flat
    if protein is not None:
        clash = _protein_clash(mol, protein)
        checks['protein_clash'] = clash is None
        if clash:
            details['protein_clash'] = clash
    return {'valid': all(checks.values()), 'checks': checks, 'details': details}


def pose_checks(request):
    poses = request.get('poses')
    if not isinstance(poses, list) or not poses:
        raise Failure('no poses to check')
    protein = protein_atoms(request['protein']) if request.get('protein') else None
    answers = []
    for pose in poses:
        result = check_pose(pose['pose'], reference_molecule(pose['reference']), protein)
        answers.append(dict(result, name=pose.get('name', pose['pose'])))
    return {'poses': answers}


if __name__ == '__main__':
    main(pose_checks, 'pose_checks')
