"""medx_chem.fix_protein: pdbfixer adds the heavy atoms a residue is missing."""
from conftest import run_program, sample

# Deleted from LYS 5 of 1W1P's chain A: the end of its side chain.
DELETED = ('CD', 'CE', 'NZ')


def fragment():
    """Residues 2-9 of 1W1P chain A (a bench receptor), LYS 5 truncated after CG."""
    lines = []
    for line in sample('1w1p_receptor.pdb').splitlines():
        if not line.startswith('ATOM') or line[21] != 'A' or not 2 <= int(line[22:26]) <= 9:
            continue
        if line[17:20] == 'LYS' and int(line[22:26]) == 5 and line[12:16].strip() in DELETED:
            continue
        lines.append(line)
    return '\n'.join(lines + ['END']) + '\n'


def atoms_of(pdb, residue):
    return [line[12:16].strip() for line in pdb.splitlines()
            if line.startswith(('ATOM', 'HETATM')) and int(line[22:26]) == residue]


def test_the_missing_side_chain_atoms_and_the_terminal_oxygen_are_added(in_tmp):
    (in_tmp / 'clean.pdb').write_text(fragment())
    assert not set(DELETED) & set(atoms_of(fragment(), 5))  # the premise
    done, answer = run_program('fix_protein', {'input': 'clean.pdb', 'output': 'fixed.pdb'}, in_tmp)
    assert done.returncode == 0, done.stderr
    assert answer['added'] == 4
    assert answer['residues'] == ['A:LYS5 (CD, CE, NZ)']
    # The fragment ends at GLY 9, which lacks a C-terminal oxygen.
    assert answer['terminals'] == ['A:GLY9 (OXT)']
    assert 'pdbfixer: 4 missing heavy atoms added' in done.stderr

    fixed = (in_tmp / 'fixed.pdb').read_text()
    assert set(DELETED) <= set(atoms_of(fixed, 5))
    assert 'OXT' in atoms_of(fixed, 9)
    # Everything else as it was: same residues, labels kept (keepIds), no hydrogens.
    assert sorted({int(line[22:26]) for line in fixed.splitlines() if line.startswith('ATOM')}) == list(range(2, 10))
    assert {line[21] for line in fixed.splitlines() if line.startswith('ATOM')} == {'A'}
    assert not [line for line in fixed.splitlines() if line.startswith('ATOM') and line[76:78].strip() == 'H']
    assert len([x for x in fixed.splitlines() if x.startswith('ATOM')]) == len(fragment().splitlines()) - 1 + 4


def test_an_unreadable_structure_fails_the_run(in_tmp):
    (in_tmp / 'clean.pdb').write_text('nothing here\n')
    done, answer = run_program('fix_protein', {'input': 'clean.pdb', 'output': 'fixed.pdb'}, in_tmp)
    # A traceback on stderr: the job logs it and carries on without the repair.
    assert done.returncode == 1 and answer is None
    assert not (in_tmp / 'fixed.pdb').exists()
