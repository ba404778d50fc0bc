"""SELFIES: the robust molecular string grammar of Krenn et al. (2020), as TransMol needs it.

Why our own: the `selfies` package is on PyPI only (not reachable here, not in Debian) and
npm's only port, selfies-js 0.3.6, failed our round trip (wrong ring closures, dropped
charges, unparseable output; docs/decisions.md "TransMol"). This module follows the
derivation rules of SELFIES 2 as published; strings are only used inside a generation
run, so what matters is the grammar's guarantee, tested in tests/test_selfies_grammar.py:
every string of symbols decodes to a valid molecular graph.

Symbols:
  atoms     [=C] [#N] [C] [NH1+1] ...  bond order prefix (none, =, #), element, H count, charge
  branches  [Branch1] [=Branch2] ...   the next L symbols are an index Q; the branch is the
                                       Q + 1 symbols after them
  rings     [Ring1] [=Ring1] ...       the next L symbols are an index Q; the ring bond joins
                                       the current atom to the atom Q + 1 positions before it
  [nop]                                no operation (padding in chemical paths)

The decoder works on a molecule graph (atoms with element, charge, H count; bonds with
orders); `to_rdkit` turns it into an RDKit molecule. The encoder reads a Kekulé SMILES (no
aromatic atoms, no stereo), which RDKit writes for any sanitisable molecule.
"""
import re

# Bonding capacity per element and charge (SELFIES 2 "default" constraints).
_CAPACITY = {
    'H': 1, 'F': 1, 'Cl': 1, 'Br': 1, 'I': 1,
    'B': 3, 'C': 4, 'N': 3, 'O': 2, 'P': 5, 'S': 6,
}
_CHARGED_CAPACITY = {
    ('C', 1): 5, ('C', -1): 3, ('N', 1): 4, ('N', -1): 2, ('O', 1): 3, ('O', -1): 1,
    ('P', 1): 6, ('P', -1): 4, ('S', 1): 7, ('S', -1): 5,
}
_DEFAULT_CAPACITY = 8

# The 16 symbols that double as hexadecimal digits of branch and ring indices.
INDEX_ALPHABET = (
    '[C]', '[Ring1]', '[Ring2]', '[Branch1]', '[=Branch1]', '[#Branch1]', '[Branch2]',
    '[=Branch2]', '[#Branch2]', '[O]', '[N]', '[=N]', '[=C]', '[#C]', '[S]', '[P]',
)
_INDEX_CODE = {symbol: code for code, symbol in enumerate(INDEX_ALPHABET)}

NOP = '[nop]'
_BOND_PREFIX = {'': 1, '=': 2, '#': 3}
_PREFIX_OF = {1: '', 2: '=', 3: '#'}
_ATOM_RE = re.compile(r'^\[([=#]?)([A-Z][a-z]?)(?:H(\d))?([+-]\d)?\]$')
_BRANCH_RE = re.compile(r'^\[([=#]?)Branch([123])\]$')
_RING_RE = re.compile(r'^\[([=#]?)Ring([123])\]$')
_SYMBOL_RE = re.compile(r'\[[^\]]*\]')


class SelfiesError(ValueError):
    """A string that is not made of SELFIES symbols, or a SMILES the encoder cannot read."""


def capacity(element, charge=0, hydrogens=0):
    base = _CHARGED_CAPACITY.get((element, charge)) if charge else _CAPACITY.get(element)
    if base is None:
        base = _CAPACITY.get(element, _DEFAULT_CAPACITY) if not charge else _DEFAULT_CAPACITY
    return max(base - hydrogens, 0)


def split_symbols(selfies):
    """The symbols of a SELFIES string, in order."""
    symbols = _SYMBOL_RE.findall(selfies)
    if ''.join(symbols) != selfies:
        raise SelfiesError('not a SELFIES string: %r' % selfies)
    return symbols


class Graph:
    """A molecule under construction: atoms (element, charge, explicit H or None) and bonds."""

    def __init__(self):
        self.atoms = []
        self.bonds = {}

    def add_atom(self, element, charge, hydrogens):
        self.atoms.append((element, charge, hydrogens))
        return len(self.atoms) - 1

    def bond_order(self, a, b):
        return self.bonds.get((min(a, b), max(a, b)), 0)

    def set_bond(self, a, b, order):
        self.bonds[(min(a, b), max(a, b))] = order

    def free_valence(self, index):
        element, charge, hydrogens = self.atoms[index]
        used = sum(order for (a, b), order in self.bonds.items() if index in (a, b))
        return capacity(element, charge, hydrogens or 0) - used


def _parse_atom(symbol):
    match = _ATOM_RE.match(symbol)
    if not match:
        return None
    prefix, element, hydrogens, charge = match.groups()
    return (
        _BOND_PREFIX[prefix],
        element,
        int(charge) if charge else 0,
        int(hydrogens) if hydrogens is not None else None,
    )


def _read_index(symbols, position, length):
    """Q from the `length` symbols at `position` (missing ones count as 0); returns (Q, next)."""
    value = 0
    for offset in range(length):
        symbol = symbols[position + offset] if position + offset < len(symbols) else None
        value = value * 16 + _INDEX_CODE.get(symbol, 0)
    return value, position + length


def _derive(symbols, position, end, graph, state, previous, rings):
    """Derives symbols[position:end] from `previous` with `state` free bonds; returns where it stopped."""
    while position < end and (state is None or state > 0):
        symbol = symbols[position]
        position += 1
        branch = _BRANCH_RE.match(symbol)
        ring = _RING_RE.match(symbol)
        if symbol == NOP:
            continue
        if branch:
            if state is None or state <= 1:
                continue
            length = int(branch.group(2))
            order = min(_BOND_PREFIX[branch.group(1)], state - 1)
            q, position = _read_index(symbols, position, length)
            branch_end = min(position + q + 1, end)
            _derive(symbols, position, branch_end, graph, order, previous, rings)
            position = branch_end
            state -= order
        elif ring:
            if state is None or state == 0:
                continue
            length = int(ring.group(2))
            order = min(_BOND_PREFIX[ring.group(1)], state)
            q, position = _read_index(symbols, position, length)
            rings.append((max(0, previous - (q + 1)), previous, order))
            state -= order
        else:
            parsed = _parse_atom(symbol)
            if parsed is None:
                raise SelfiesError('unknown SELFIES symbol %s' % symbol)
            order, element, charge, hydrogens = parsed
            cap = capacity(element, charge, hydrogens or 0)
            if state is None:
                current = graph.add_atom(element, charge, hydrogens)
                state = cap
            else:
                order = min(order, state, cap)
                if order == 0:
                    continue
                current = graph.add_atom(element, charge, hydrogens)
                graph.set_bond(previous, current, order)
                state = cap - order
            previous = current
    return position


def decode_graph(selfies):
    """The molecule graph of a SELFIES string ('.' separates fragments)."""
    graph = Graph()
    for fragment in selfies.split('.'):
        symbols = split_symbols(fragment)
        rings = []
        _derive(symbols, 0, len(symbols), graph, None, None, rings)
        for left, right, order in rings:
            if left == right:
                continue
            free = min(graph.free_valence(left), graph.free_valence(right))
            if free <= 0:
                continue
            existing = graph.bond_order(left, right)
            graph.set_bond(left, right, min(existing + min(order, free), 3))
    return graph


def to_rdkit(graph):
    """An RDKit molecule of a decoded graph (unsanitised: the caller sanitises and judges)."""
    from rdkit import Chem

    mol = Chem.RWMol()
    for element, charge, hydrogens in graph.atoms:
        atom = Chem.Atom(element)
        atom.SetFormalCharge(charge)
        if hydrogens is not None:
            atom.SetNumExplicitHs(hydrogens)
            atom.SetNoImplicit(True)
        mol.AddAtom(atom)
    kinds = {1: Chem.BondType.SINGLE, 2: Chem.BondType.DOUBLE, 3: Chem.BondType.TRIPLE}
    for (a, b), order in sorted(graph.bonds.items()):
        mol.AddBond(a, b, kinds[order])
    return mol.GetMol()


# --- encoder: Kekulé SMILES -> SELFIES -------------------------------------------------------

_SMILES_TOKEN = re.compile(r'(\[[^\]]+\]|Br|Cl|[BCNOPSFI]|[=#\-]|\(|\)|%\d\d|\d|\.)')
_BRACKET_RE = re.compile(r'^\[(\d*)([A-Z][a-z]?)(?:H(\d?))?([+-]+\d*)?\]$')


def _smiles_tokens(smiles):
    tokens = _SMILES_TOKEN.findall(smiles)
    if ''.join(tokens) != smiles:
        raise SelfiesError('cannot encode %r: only Kekulé SMILES without stereo are read' % smiles)
    return tokens


def _bracket_atom(token):
    match = _BRACKET_RE.match(token)
    if not match:
        raise SelfiesError('cannot encode atom %s' % token)
    _isotope, element, hydrogens, charge = match.groups()
    h = None if hydrogens is None else int(hydrogens or 1)
    if charge:
        sign = 1 if charge[0] == '+' else -1
        digits = charge.lstrip('+-')
        value = sign * (int(digits) if digits else len(charge))
    else:
        value = 0
    return element, value, h


def _atom_symbol(order, element, charge, hydrogens):
    text = element
    if hydrogens:
        text += 'H%d' % hydrogens
    if charge:
        text += '%+d' % charge
    return '[%s%s]' % (_PREFIX_OF[order], text)


def _index_symbols(value):
    """Q as 1 to 3 hexadecimal digits of the index alphabet."""
    length = 1 if value < 16 else 2 if value < 256 else 3
    if value >= 16 ** 3:
        raise SelfiesError('branch or ring too long to encode')
    digits = []
    for _ in range(length):
        digits.append(INDEX_ALPHABET[value % 16])
        value //= 16
    return length, digits[::-1]


def encode(smiles):
    """SELFIES of a Kekulé SMILES without stereo (RDKit's MolToSmiles(kekuleSmiles=True))."""
    return '.'.join(_encode_fragment(part) for part in smiles.split('.'))


def _encode_fragment(smiles):
    tokens = _smiles_tokens(smiles)
    # Parse into a tree: atoms in order, each chain a list of (bond order, atom, [branches]).
    atoms = []
    ring_open = {}
    ring_bonds = []  # (earlier atom, later atom, order)
    position = 0

    def parse_chain(first_order):
        nonlocal position
        chain = []
        order = first_order
        while position < len(tokens):
            token = tokens[position]
            if token == ')':
                break
            position += 1
            if token in ('=', '#', '-'):
                order = {'-': 1, '=': 2, '#': 3}[token]
            elif token == '(':
                branch_order = 1
                if position < len(tokens) and tokens[position] in ('=', '#', '-'):
                    branch_order = {'-': 1, '=': 2, '#': 3}[tokens[position]]
                    position += 1
                branch = parse_chain(branch_order)
                if position >= len(tokens) or tokens[position] != ')':
                    raise SelfiesError('unbalanced branch in %r' % smiles)
                position += 1
                if not chain:
                    raise SelfiesError('branch before an atom in %r' % smiles)
                chain[-1][2].append((branch_order, branch))
            elif token[0].isdigit() or token[0] == '%':
                if not chain:
                    raise SelfiesError('ring bond before an atom in %r' % smiles)
                label = token.lstrip('%')
                atom = chain[-1][1]
                if label in ring_open:
                    earlier, earlier_order = ring_open.pop(label)
                    ring_order = order if order != 1 else earlier_order
                    ring_bonds.append((earlier, atom, ring_order))
                    chain[-1][3].append((earlier, ring_order))
                else:
                    ring_open[label] = (atom, order)
                order = 1
            elif token == '.':
                raise SelfiesError('unexpected fragment separator')
            else:
                if token.startswith('['):
                    element, charge, hydrogens = _bracket_atom(token)
                else:
                    element, charge, hydrogens = token, 0, None
                index = len(atoms)
                atoms.append((element, charge, hydrogens))
                chain.append([order, index, [], []])
                order = 1
        return chain

    chain = parse_chain(1)
    if position != len(tokens) or ring_open:
        raise SelfiesError('unbalanced SMILES %r' % smiles)
    return ''.join(_emit(chain, atoms))


def _emit(chain, atoms):
    out = []
    for order, index, branches, closures in chain:
        element, charge, hydrogens = atoms[index]
        out.append(_atom_symbol(order, element, charge, hydrogens))
        for earlier, ring_order in closures:
            length, digits = _index_symbols(index - earlier - 1)
            out.append('[%sRing%d]' % (_PREFIX_OF[ring_order], length))
            out.extend(digits)
        for branch_order, branch in branches:
            inner = _emit(branch, atoms)
            length, digits = _index_symbols(len(inner) - 1)
            out.append('[%sBranch%d]' % (_PREFIX_OF[branch_order], length))
            out.extend(digits)
            out.extend(inner)
    return out
