"""Ring conformations for docking (the DOCKING job's ring_conformers setting).

Vina turns a ligand's rotatable bonds but keeps its rings as they are in the input,
so a ligand whose saturated ring starts in the wrong pucker (a chair with the
substituent axial instead of equatorial, an envelope folded the other way) cannot
reach its real pose. ../shared/notes/docking.md found exactly that gap between
SMILES-started and crystal-started redocking (1s3v, 2bm2).

This embeds ETKDGv3 conformers of the input molecule (its stereo kept), relaxes them
with MMFF94, and keeps, lowest energy first, those whose ring torsions differ from
the input's and from every kept one by more than MIN_DIFF degrees somewhere: a new
pucker, not a copy. Molecules without a non-aromatic ring of 5 or more atoms get none.

Request: [{"key", "template": SDF of the ligand as given (conformer 1), "wanted":
conformers in all, the input's included, "seed"}]. Writes <key>_rc<n>.sdf (n = 2, 3...)
in the working directory. Answer, one per job: {"ok", "rings", "files", "note"}.
"""
from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem
from rdkit.Chem import rdMolTransforms as T

from medx_chem.cli import main

RDLogger.DisableLog('rdApp.*')

# Degrees: below this every ring torsion matches, so it is the same pucker.
MIN_DIFF = 30.0


def flexible_rings(mol):
    return [r for r in mol.GetRingInfo().AtomRings()
            if len(r) >= 5 and not all(mol.GetAtomWithIdx(i).GetIsAromatic() for i in r)]


def ring_torsions(conf, rings):
    out = []
    for ring in rings:
        n = len(ring)
        for k in range(n):
            out.append(T.GetDihedralDeg(conf, ring[k], ring[(k + 1) % n], ring[(k + 2) % n], ring[(k + 3) % n]))
    return out


def largest_change(u, v):
    # Torsions wrap at +-180 degrees: 179 and -179 differ by 2, not 358.
    return max(abs((x - y + 180.0) % 360.0 - 180.0) for x, y in zip(u, v))


def conformers(job):
    mol = Chem.MolFromMolFile(job['template'], removeHs=False)
    if mol is None:
        raise ValueError('RDKit cannot read the ligand')
    Chem.AssignStereochemistryFrom3D(mol)
    had_h = any(a.GetAtomicNum() == 1 for a in mol.GetAtoms())
    mol = Chem.AddHs(mol, addCoords=True)
    rings = flexible_rings(mol)
    if not rings:
        return mol, [], 0, had_h
    kept = [ring_torsions(mol.GetConformer(), rings)]
    trial = Chem.Mol(mol)
    params = AllChem.ETKDGv3()
    params.randomSeed = job['seed']
    params.pruneRmsThresh = 0.3
    # Many more trials than wanted: most land in the pucker the input already has.
    cids = list(AllChem.EmbedMultipleConfs(trial, numConfs=max(30, 10 * job['wanted']), params=params))
    energy = {}
    if AllChem.MMFFHasAllMoleculeParams(trial):
        for cid, (_, e) in zip(cids, AllChem.MMFFOptimizeMoleculeConfs(trial, maxIters=500)):
            energy[cid] = e
    chosen = []
    for cid in sorted(cids, key=lambda c: energy.get(c, 0.0)):
        if len(chosen) >= job['wanted'] - 1:
            break
        tors = ring_torsions(trial.GetConformer(cid), rings)
        if all(largest_change(tors, k) > MIN_DIFF for k in kept):
            kept.append(tors)
            chosen.append(cid)
    return trial, chosen, len(rings), had_h


def ring_conformers(job):
    try:
        mol, chosen, rings, had_h = conformers(job)
        files = []
        # Written as the input was (with or without hydrogens): both go through the same
        # Open Babel protonation next.
        out = mol if had_h else Chem.RemoveHs(mol)
        for n, cid in enumerate(chosen):
            path = '%s_rc%d.sdf' % (job['key'], n + 2)
            Chem.MolToMolFile(out, path, confId=cid)
            files.append(path)
        return {'ok': True, 'rings': rings, 'files': files, 'note': None}
    except Exception as e:
        # This ligand is still docked from its given conformation.
        return {'ok': False, 'rings': 0, 'files': [], 'note': str(e).strip() or e.__class__.__name__}


def ring_conformers_all(jobs):
    return [ring_conformers(job) for job in jobs]


if __name__ == '__main__':
    main(ring_conformers_all, 'ring_conformers')
