/**
 * Python programs of the preparation jobs, run as `/usr/bin/python3 -c SCRIPT args`
 * (as chem/etkdg.ts does): Debian's python3-rdkit and python3-pdbfixer exist for
 * that interpreter only, and a constant in the bundle needs no file to be copied
 * next to dist/main.js. Inputs and outputs are files in the job's directory.
 */

import { PY_EMBED_ETKDG, pythonPath } from '../../chem/python';

/** Python with RDKit and pdbfixer (chem/python.ts). */
export const pythonCommand = pythonPath;

/**
 * pdbfixer: add missing heavy atoms (and terminal OXT) to standard residues.
 * argv: input.pdb output.pdb report.json. Missing loops are not modelled (that needs
 * a minimisation and guesses whole residues); hydrogens come later from Open Babel
 * at the chosen pH (pdbfixer's addMissingHydrogens took 12 s on 1w1p, Open Babel 0.2 s).
 */
export const PDBFIXER_SCRIPT = `
import sys, json
from pdbfixer import PDBFixer
from openmm.app import PDBFile
src, dst, report = sys.argv[1], sys.argv[2], sys.argv[3]
fixer = PDBFixer(filename=src)
fixer.findMissingResidues()
fixer.missingResidues = {}
fixer.findMissingAtoms()
added = []
for residue, atoms in fixer.missingAtoms.items():
    added.append('%s:%s%s (%s)' % (residue.chain.id, residue.name, residue.id, ', '.join(a.name for a in atoms)))
terminals = []
for residue, atoms in fixer.missingTerminals.items():
    terminals.append('%s:%s%s (%s)' % (residue.chain.id, residue.name, residue.id, ', '.join(atoms)))
count = sum(len(a) for a in fixer.missingAtoms.values()) + sum(len(a) for a in fixer.missingTerminals.values())
fixer.addMissingAtoms()
with open(dst, 'w') as out:
    PDBFile.writeFile(fixer.topology, fixer.positions, out, keepIds=True)
with open(report, 'w') as out:
    json.dump({'added': count, 'residues': added, 'terminals': terminals}, out)
print('pdbfixer: %d missing heavy atoms added' % count)
`;

/**
 * RDKit part of prepare_ligand. argv: input.json output.json. Input: {minimize,
 * molecules: [{index, name, smiles | molblock}]}: SMILES (from 2D or SMILES input,
 * already protonated by Open Babel) get 3D coordinates with ETKDGv3 (seed 42);
 * molblocks (3D input, protonated with coordinates) keep theirs. Then a short
 * MMFF94 minimisation (UFF when MMFF lacks parameters) and checks: 3D, every
 * hydrogen explicit, bond lengths plausible. Each molecule succeeds or fails alone.
 */
export const LIGAND_SCRIPT = `
import sys, json, math
from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem
RDLogger.DisableLog('rdApp.*')
${PY_EMBED_ETKDG}
job = json.load(open(sys.argv[1]))
STEPS = 200

def prepare(item):
    notes = []
    if 'smiles' in item:
        mol = Chem.MolFromSmiles(item['smiles'], sanitize=False)
        if mol is None:
            raise ValueError('RDKit cannot parse the protonated SMILES')
        Chem.SanitizeMol(mol)
        mol = Chem.AddHs(mol)
        if not embed_etkdg(mol):
            raise ValueError('ETKDG could not generate 3D coordinates')
        notes.append('3D coordinates from ETKDGv3')
    else:
        mol = Chem.MolFromMolBlock(item['molblock'], sanitize=False, removeHs=False)
        if mol is None:
            raise ValueError('RDKit cannot read the protonated molecule')
        Chem.SanitizeMol(mol)
        mol = Chem.AddHs(mol, addCoords=True)
        notes.append('input 3D coordinates kept')
    if job.get('minimize', True):
        if AllChem.MMFFHasAllMoleculeParams(mol):
            AllChem.MMFFOptimizeMolecule(mol, maxIters=STEPS)
            notes.append('MMFF94 minimisation (%d steps)' % STEPS)
        elif AllChem.UFFHasAllMoleculeParams(mol):
            AllChem.UFFOptimizeMolecule(mol, maxIters=STEPS)
            notes.append('UFF minimisation (%d steps; no MMFF94 parameters)' % STEPS)
        else:
            notes.append('not minimised (no force-field parameters)')
    conf = mol.GetConformer()
    zs = [conf.GetAtomPosition(i).z for i in range(mol.GetNumAtoms())]
    xs = [conf.GetAtomPosition(i).x for i in range(mol.GetNumAtoms())]
    if mol.GetNumAtoms() > 3 and max(zs) - min(zs) < 1e-3 and max(xs) - min(xs) > 1e-3:
        raise ValueError('the coordinates are flat, not 3D')
    for atom in mol.GetAtoms():
        if atom.GetNumImplicitHs() > 0:
            raise ValueError('atom %d has implicit hydrogens left' % (atom.GetIdx() + 1))
    for bond in mol.GetBonds():
        a, b = bond.GetBeginAtomIdx(), bond.GetEndAtomIdx()
        d = (conf.GetAtomPosition(a) - conf.GetAtomPosition(b)).Length()
        if d < 0.7 or d > 3.0:
            raise ValueError('implausible bond length %.2f A between atoms %d and %d' % (d, a + 1, b + 1))
    mol.SetProp('_Name', item['name'])
    heavy = Chem.RemoveHs(mol)
    return {
        'molblock': Chem.MolToMolBlock(mol),
        'smiles': Chem.MolToSmiles(heavy),
        'formal_charge': Chem.GetFormalCharge(mol),
        'atoms': mol.GetNumAtoms(),
        'notes': notes,
    }

results = []
for item in job['molecules']:
    try:
        out = prepare(item)
        out.update({'index': item['index'], 'ok': True})
    except Exception as error:
        out = {'index': item['index'], 'ok': False, 'error': str(error).strip() or type(error).__name__}
    results.append(out)
    print('%s: %s' % (item['name'], 'prepared' if out['ok'] else 'failed: ' + out['error']))
json.dump(results, open(sys.argv[2], 'w'))
`;
