"""Molecule input and output shared by the MedX RDKit tool scripts (Debian's python3-rdkit).

Reads SD, Mol, Mol2, PDB and SMILES files (the Galaxy extension says which) and writes SD or SMILES files.
A molecule RDKit cannot read is reported on stderr and skipped; a file without one readable molecule is an error.
"""
import sys

from rdkit import Chem, RDLogger


def quiet():
    """RDKit's own warnings go to stderr line by line; the tools report skipped molecules themselves."""
    RDLogger.DisableLog('rdApp.*')


def _smiles_records(path):
    with open(path) as handle:
        for number, line in enumerate(handle, start=1):
            text = line.strip()
            if not text or text.startswith('#'):
                continue
            parts = text.split(None, 1)
            smiles = parts[0]
            name = parts[1].strip() if len(parts) > 1 else 'mol%d' % number
            mol = Chem.MolFromSmiles(smiles)
            if mol is None and number == 1 and smiles.lower() in ('smiles', 'canonical_smiles', 'smi'):
                continue
            yield number, name, mol


def read_molecules(path, ext, remove_hs=True):
    """Yields (name, mol) for every readable molecule of a file in the Galaxy format ext."""
    quiet()
    ext = (ext or '').lower()
    found = 0
    if ext in ('smi', 'smiles', 'can', 'txt', 'tabular'):
        records = _smiles_records(path)
    elif ext in ('sdf', 'sd', 'mol'):
        supplier = Chem.SDMolSupplier(path, removeHs=remove_hs)
        records = ((i + 1, None, mol) for i, mol in enumerate(supplier))
    elif ext == 'mol2':
        records = ((i + 1, None, mol) for i, mol in enumerate(_mol2_blocks(path, remove_hs)))
    elif ext == 'pdb':
        records = iter([(1, None, Chem.MolFromPDBFile(path, removeHs=remove_hs))])
    else:
        raise SystemExit('Unsupported molecule format: %s' % ext)
    for number, name, mol in records:
        if mol is None:
            print('Skipped molecule %d: RDKit could not read it' % number, file=sys.stderr)
            continue
        if name is None:
            name = mol.GetProp('_Name').strip() if mol.HasProp('_Name') else ''
            name = name or 'mol%d' % number
        mol.SetProp('_Name', name)
        found += 1
        yield name, mol
    if found == 0:
        raise SystemExit('No molecule could be read from the input (%s)' % ext)


def _mol2_blocks(path, remove_hs):
    block = []
    with open(path) as handle:
        for line in handle:
            if line.startswith('@<TRIPOS>MOLECULE') and block:
                yield Chem.MolFromMol2Block(''.join(block), removeHs=remove_hs)
                block = []
            block.append(line)
    if block:
        yield Chem.MolFromMol2Block(''.join(block), removeHs=remove_hs)


def first_molecule(path, ext):
    for name, mol in read_molecules(path, ext):
        return name, mol
    raise SystemExit('No molecule could be read')


def smiles_of(mol):
    return Chem.MolToSmiles(Chem.RemoveHs(mol))


class MoleculeWriter:
    """Writes molecules as an SD file (with their properties) or as a SMILES file ("SMILES<tab>name")."""

    def __init__(self, path, ext):
        self.ext = (ext or 'sdf').lower()
        self.count = 0
        if self.ext == 'sdf':
            self._writer = Chem.SDWriter(path)
            self._handle = None
        else:
            self._writer = None
            self._handle = open(path, 'w')

    def write(self, mol, props=None):
        for key, value in (props or {}).items():
            mol.SetProp(key, str(value))
        if self._writer is not None:
            self._writer.write(mol)
        else:
            self._handle.write('%s\t%s\n' % (smiles_of(mol), mol.GetProp('_Name')))
        self.count += 1

    def close(self):
        if self._writer is not None:
            self._writer.close()
        else:
            self._handle.close()


def fmt(value, digits=3):
    """A number for a table cell: rounded floats, plain ints and strings."""
    if isinstance(value, bool):
        return 'yes' if value else 'no'
    if isinstance(value, float):
        return ('%.' + str(digits) + 'f') % value
    return str(value)
