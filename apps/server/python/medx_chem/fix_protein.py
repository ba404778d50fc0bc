"""pdbfixer for QUICK_PREPARE_PROTEIN: adds missing heavy atoms (and terminal OXT).

Request: {"input": "clean.pdb", "output": "fixed.pdb"}. Answer: {"added": <atoms
added>, "residues": ["A:LYS12 (CD, CE, NZ)", ...], "terminals": ["A:GLY99 (OXT)"]}.

Missing loops are not modelled: that needs a minimisation and guesses whole
residues. Hydrogens come later from Open Babel at the chosen pH (pdbfixer's
addMissingHydrogens took 12 s on 1w1p, Open Babel 0.2 s).
"""
from openmm.app import PDBFile
from pdbfixer import PDBFixer

from medx_chem.cli import log, main


def label(residue, names):
    return '%s:%s%s (%s)' % (residue.chain.id, residue.name, residue.id, ', '.join(names))


def fix(request):
    fixer = PDBFixer(filename=request['input'])
    # findMissingResidues must run before findMissingAtoms; emptying its answer
    # keeps gaps as gaps (no loop modelling).
    fixer.findMissingResidues()
    fixer.missingResidues = {}
    fixer.findMissingAtoms()
    residues = [label(residue, [a.name for a in atoms]) for residue, atoms in fixer.missingAtoms.items()]
    terminals = [label(residue, atoms) for residue, atoms in fixer.missingTerminals.items()]
    added = sum(len(a) for a in fixer.missingAtoms.values()) + sum(len(a) for a in fixer.missingTerminals.values())
    fixer.addMissingAtoms()
    with open(request['output'], 'w') as out:
        # keepIds: the chain and residue labels of the input, which the rest of the
        # preparation (and the user) refers to.
        PDBFile.writeFile(fixer.topology, fixer.positions, out, keepIds=True)
    log('pdbfixer: %d missing heavy atoms added' % added)
    return {'added': added, 'residues': residues, 'terminals': terminals}


if __name__ == '__main__':
    main(fix, 'fix_protein')
