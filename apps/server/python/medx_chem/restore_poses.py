"""Docked poses back to SDF with the ligand's real chemistry (the DOCKING job).

Vina writes PDBQT, which has no bond orders or formal charges, and Open Babel's
PDBQT->SDF conversion guesses them. RDKit's AssignBondOrdersFromTemplate maps the
input molecule (the template) onto each pose's heavy-atom graph and copies its bond
orders and charges; stereo is then read from the pose's 3D coordinates and
hydrogens are added on the pose.

Request: one job per ligand: [{"name", "template": SDF of the input or null (PDBQT
input), "poses": Open Babel's SDF of the poses, "retain": poses to keep, "scores":
Vina's score per pose, "out": SDF to write}]. Answer, one per job: {"ok",
"restored", "note", "count"}. When the template does not fit the poses, the poses
keep Open Babel's bonds and the note says why; the ligand is not lost over it.
"""
from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem

from medx_chem.cli import main

RDLogger.DisableLog('rdApp.*')


def skeleton(m):
    """Heavy atoms only, all bonds single, no charges or H counts: the graph the
    template is matched against (Open Babel's guesses must not get in the way)."""
    rw = Chem.RWMol(m)
    for i in sorted([a.GetIdx() for a in rw.GetAtoms() if a.GetAtomicNum() == 1], reverse=True):
        rw.RemoveAtom(i)
    for a in rw.GetAtoms():
        a.SetFormalCharge(0)
        a.SetNumExplicitHs(0)
        a.SetNoImplicit(False)
        a.SetIsAromatic(False)
    for b in rw.GetBonds():
        b.SetBondType(Chem.BondType.SINGLE)
        b.SetIsAromatic(False)
    return rw.GetMol()


def text_records(path):
    with open(path) as source:
        text = source.read()
    return [r.strip('\n') + '\n' for r in text.split('$$$$') if r.strip()]


def with_props(block, props):
    # A molblock ends at 'M  END'; data items follow it.
    head = block.split('M  END')[0] + 'M  END\n'
    items = ''.join('>  <%s>\n%s\n\n' % (k, v) for k, v in props)
    return head + items + '$$$$\n'


def restored_blocks(template_path, raw):
    tmpl = Chem.MolFromMolFile(template_path, removeHs=False)
    if tmpl is None:
        raise ValueError('RDKit cannot read the input molecule')
    tmpl = Chem.RemoveHs(tmpl)
    blocks = []
    for block in raw:
        pose = Chem.MolFromMolBlock(block, sanitize=False, removeHs=False)
        if pose is None:
            raise ValueError('RDKit cannot read a pose')
        mol = AllChem.AssignBondOrdersFromTemplate(tmpl, skeleton(pose))
        Chem.AssignStereochemistryFrom3D(mol)
        mol = Chem.AddHs(mol, addCoords=True)
        blocks.append(Chem.MolToMolBlock(mol))
    return blocks


def restore(job):
    answer = {'ok': False, 'restored': False, 'note': None}
    try:
        raw = text_records(job['poses'])[: job['retain']]
        if not raw:
            raise ValueError('Vina wrote no pose')
        scores = job['scores']
        blocks = None
        if job['template']:
            try:
                blocks = restored_blocks(job['template'], raw)
                answer['restored'] = True
            except Exception as e:
                blocks = None
                answer['note'] = (
                    'bond orders could not be restored from the input molecule (%s); '
                    'the poses keep the bonds Open Babel perceived from PDBQT' % str(e).strip()
                )
        else:
            answer['note'] = 'the input was PDBQT (no bond orders); the poses keep the bonds Open Babel perceived'
        if blocks is None:
            blocks = raw
        out = []
        for k, block in enumerate(blocks):
            lines = block.split('\n')
            lines[0] = job['name']
            out.append(with_props('\n'.join(lines), [('vina_score', '%.3f' % scores[k]), ('pose', k + 1)]))
        with open(job['out'], 'w') as sink:
            sink.write(''.join(out))
        answer['ok'] = True
        answer['count'] = len(out)
    except Exception as e:
        answer['note'] = str(e).strip() or e.__class__.__name__
    return answer


def restore_all(jobs):
    return [restore(job) for job in jobs]


if __name__ == '__main__':
    main(restore_all, 'restore_poses')
