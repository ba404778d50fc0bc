"""TransMol: new molecules between two seeds, by STONED-SELFIES (Nigam et al., Chem. Sci. 2021).

    python3 -m medx_chem.transmol REQUEST.json ANSWER.json

REQUEST: {"smiles1", "smiles2", "epsilon", "number", "remain_range_ge", "remain_range_le",
          "seed", "prefix"}
ANSWER:  {"seeds": [canonical 1, canonical 2], "molecules": [rows, best first],
          "stats": {"decoded", "valid", "unique", "novel", "pool", "paths"}}

The original TransMol samples a trained transformer; its weights cannot be obtained here, so
this uses a published method that needs none (docs/decisions.md "TransMol"):
1. chemical paths: each seed is written as several SELFIES strings (random atom orders); for
   pairs of them, the symbols of seed 1 are replaced one by one, in random order, by those
   of seed 2, and every intermediate string is decoded: the path runs from seed 1 to seed 2;
2. local mutations: each path molecule is mutated with probability epsilon, by 1 to
   ceil(3 × epsilon) random symbol replacements, insertions or deletions;
3. every decoded molecule is sanitised by RDKit; the valid, unique ones other than the seeds
   form the pool (number × 10 molecules, the remain range's maximum, when found), ranked by the
   STONED joint similarity to both seeds: mean(sim1, sim2) − |sim1 − sim2|;
4. the remain range [ge, le) picks a window of that ranking, and `number` molecules are
   taken from it at even steps;
5. each is scored: Tanimoto similarity to each seed (Morgan radius 2, 2048 bits), Ertl's SA
   score (Debian's rdkit-data Contrib), QED, Lipinski's rule-of-five flags, and drawn.
A fixed `seed` reproduces a run exactly.
"""
import base64
import math
import random
import sys
import time

from rdkit import Chem, DataStructs, RDLogger
from rdkit.Chem import AllChem, Crippen, Descriptors, Lipinski, QED
from rdkit.Chem.Draw import rdMolDraw2D

from medx_chem.cli import Failure, log, main
from medx_chem.selfies_grammar import NOP, decode_graph, encode, split_symbols, to_rdkit

SA_SCORE_DIR = '/usr/share/RDKit/Contrib/SA_Score'
# SELFIES strings per seed (random atom orders): more give more diverse paths.
RANDOM_ORDERS = 6
# Symbols mutations draw from besides the seeds' own: common organic atoms and bonds.
BASE_ALPHABET = (
    '[C]', '[=C]', '[#C]', '[N]', '[=N]', '[#N]', '[O]', '[=O]', '[S]', '[F]', '[Cl]', '[Br]',
    '[Branch1]', '[=Branch1]', '[Ring1]', '[=Ring1]', '[Ring2]',
)
# Generation stops after this many decoded strings or paths per molecule of the pool, or after TIME_LIMIT_S.
ATTEMPTS_PER_MOLECULE = 300
PATHS_PER_MOLECULE = 20
TIME_LIMIT_S = 120
IMAGE_SIZE = (240, 180)
SDF_FIELDS = ('rank', 'smiles', 'sa_score', 'qed', 'similarity1', 'similarity2', 'molecular_weight', 'logp')

RDLogger.DisableLog('rdApp.*')


def _sascorer():
    if SA_SCORE_DIR not in sys.path:
        sys.path.append(SA_SCORE_DIR)
    try:
        import sascorer
    except ImportError as error:
        raise Failure("Ertl's SA score is missing (install Debian's rdkit-data): %s" % error)
    return sascorer


def seed_molecule(smiles, which):
    """The seed as an RDKit molecule, or Failure with the reason."""
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        raise Failure('SMILES %d is not a valid molecule' % which)
    if len(Chem.GetMolFrags(mol)) != 1:
        raise Failure('SMILES %d must be a single molecule' % which)
    return mol


def canonical(mol):
    return Chem.MolToSmiles(mol, isomericSmiles=False)


def random_selfies(mol, rng, count):
    """`count` SELFIES of one molecule, from random atom orders (reproducible with rng)."""
    out = []
    atoms = list(range(mol.GetNumAtoms()))
    for _ in range(count):
        order = atoms[:]
        rng.shuffle(order)
        shuffled = Chem.RenumberAtoms(mol, order)
        Chem.Kekulize(shuffled, clearAromaticFlags=True)
        out.append(encode(Chem.MolToSmiles(shuffled, kekuleSmiles=True, isomericSmiles=False, canonical=False)))
    return out


def decode(selfies):
    """The sanitised molecule a SELFIES string stands for, or None (radicals are not kept)."""
    mol = to_rdkit(decode_graph(selfies))
    try:
        Chem.SanitizeMol(mol)
    except (ValueError, RuntimeError):
        return None
    if mol.GetNumAtoms() == 0 or any(atom.GetNumRadicalElectrons() for atom in mol.GetAtoms()):
        return None
    return mol


def chemical_path(selfies1, selfies2, rng):
    """SELFIES strings from selfies1 to selfies2, one symbol replaced per step (STONED)."""
    a, b = split_symbols(selfies1), split_symbols(selfies2)
    length = max(len(a), len(b))
    a += [NOP] * (length - len(a))
    b += [NOP] * (length - len(b))
    differing = [i for i in range(length) if a[i] != b[i]]
    rng.shuffle(differing)
    path = [''.join(a)]
    current = a[:]
    for index in differing:
        current[index] = b[index]
        path.append(''.join(current))
    return path


def mutate(selfies, rng, alphabet, count):
    """`count` random replacements, insertions or deletions of symbols."""
    symbols = [s for s in split_symbols(selfies) if s != NOP]
    for _ in range(count):
        kind = rng.random()
        if kind < 0.5 and symbols:
            symbols[rng.randrange(len(symbols))] = rng.choice(alphabet)
        elif kind < 0.8 or not symbols:
            symbols.insert(rng.randrange(len(symbols) + 1), rng.choice(alphabet))
        elif len(symbols) > 1:
            del symbols[rng.randrange(len(symbols))]
    return ''.join(symbols)


def fingerprint(mol):
    return AllChem.GetMorganFingerprintAsBitVect(mol, 2, nBits=2048)


def joint_similarity(sim1, sim2):
    """STONED's joint similarity to two references: the mean less the spread."""
    return (sim1 + sim2) / 2 - abs(sim1 - sim2)


def generate_pool(mol1, mol2, epsilon, target, rng, deadline):
    """Valid, unique molecules other than the seeds found on paths and mutations, with counts."""
    seeds = {canonical(mol1), canonical(mol2)}
    forms1 = random_selfies(mol1, rng, RANDOM_ORDERS)
    forms2 = random_selfies(mol2, rng, RANDOM_ORDERS)
    alphabet = sorted(set(BASE_ALPHABET) | {s for f in forms1 + forms2 for s in split_symbols(f)})
    most_mutations = max(1, math.ceil(3 * epsilon))
    pool = {}
    stats = {'decoded': 0, 'valid': 0, 'unique': 0, 'novel': 0, 'paths': 0}
    seen = set()
    budget = target * ATTEMPTS_PER_MOLECULE

    def consider(selfies):
        stats['decoded'] += 1
        mol = decode(selfies)
        if mol is None:
            return
        stats['valid'] += 1
        key = canonical(mol)
        if key in seen:
            return
        seen.add(key)
        stats['unique'] += 1
        if key in seeds:
            return
        stats['novel'] += 1
        pool[key] = mol

    # Each round is one path plus mutations of its molecules (the seeds too: their own
    # neighbourhoods); rounds stop when the pool is full, the budget spent, or time is up.
    while (len(pool) < target and stats['decoded'] < budget and stats['paths'] < target * PATHS_PER_MOLECULE
           and time.monotonic() < deadline):
        stats['paths'] += 1
        path = chemical_path(rng.choice(forms1), rng.choice(forms2), rng)
        for index, step in enumerate(path):
            if 0 < index < len(path) - 1:
                consider(step)
            if rng.random() < epsilon:
                consider(mutate(step, rng, alphabet, rng.randint(1, most_mutations)))
            if len(pool) >= target:
                break
    return pool, stats


def pick(ranked, ge, le, number):
    """`number` entries at even steps from ranked[ge:le] (all of them when fewer)."""
    window = ranked[ge:le]
    if len(window) <= number:
        return window
    step = len(window) / number
    return [window[int(i * step)] for i in range(number)]


def draw_png(mol):
    drawer = rdMolDraw2D.MolDraw2DCairo(*IMAGE_SIZE)
    drawer.drawOptions().clearBackground = True
    rdMolDraw2D.PrepareAndDrawMolecule(drawer, mol)
    drawer.FinishDrawing()
    return base64.b64encode(drawer.GetDrawingText()).decode('ascii')


def describe(mol, fp1, fp2, sascorer):
    fp = fingerprint(mol)
    mw = Descriptors.MolWt(mol)
    logp = Crippen.MolLogP(mol)
    hbd = Lipinski.NumHDonors(mol)
    hba = Lipinski.NumHAcceptors(mol)
    return {
        'smiles': canonical(mol),
        'syba_score': None,
        'sa_score': round(sascorer.calculateScore(mol), 3),
        'qed': round(QED.qed(mol), 3),
        'similarity1': round(DataStructs.TanimotoSimilarity(fp, fp1), 3),
        'similarity2': round(DataStructs.TanimotoSimilarity(fp, fp2), 3),
        'molecular_weight': round(mw, 2),
        'logp': round(logp, 3),
        'hbd': hbd,
        'hba': hba,
        'lipinski': {'mw': mw <= 500, 'logp': logp <= 5, 'hbd': hbd <= 5, 'hba': hba <= 10},
    }


def sdf_block(mol, row):
    """The molecule with 2D coordinates and its scores as SDF properties."""
    copy = Chem.Mol(mol)
    AllChem.Compute2DCoords(copy)
    copy.SetProp('_Name', row['filename'])
    return Chem.MolToMolBlock(copy) + ''.join(
        '>  <%s>\n%s\n\n' % (key, row[key])
        for key in SDF_FIELDS
    ) + '$$$$\n'


def run(request):
    started = time.monotonic()
    rng = random.Random(int(request['seed']))
    epsilon = float(request['epsilon'])
    number = int(request['number'])
    ge, le = int(request['remain_range_ge']), int(request['remain_range_le'])
    prefix = request.get('prefix') or 'transmol'
    mol1 = seed_molecule(request['smiles1'], 1)
    mol2 = seed_molecule(request['smiles2'], 2)
    if canonical(mol1) == canonical(mol2):
        raise Failure('the two SMILES are the same molecule')
    sascorer = _sascorer()
    # The pool always holds up to the slider's maximum (number × 10), so a remain range at the
    # top of the ranking keeps the molecules most like both seeds among that many.
    pool, stats = generate_pool(mol1, mol2, epsilon, number * 10, rng, started + TIME_LIMIT_S)
    stats['pool'] = len(pool)
    log('TransMol: %(decoded)d strings decoded, %(valid)d valid, %(unique)d unique, %(novel)d new' % stats)
    fp1, fp2 = fingerprint(mol1), fingerprint(mol2)
    scored = []
    for key, mol in pool.items():
        fp = fingerprint(mol)
        sim1 = DataStructs.TanimotoSimilarity(fp, fp1)
        sim2 = DataStructs.TanimotoSimilarity(fp, fp2)
        scored.append((-joint_similarity(sim1, sim2), key, mol))
    scored.sort(key=lambda entry: (entry[0], entry[1]))
    chosen = pick(scored, ge, le, number)
    if not chosen:
        raise Failure('no new valid molecules were found between the two seeds in the remain range')
    molecules, sdf = [], []
    for rank, (_, _, mol) in enumerate(chosen, start=1):
        row = {'rank': rank, 'filename': '%s_%03d' % (prefix, rank)}
        row.update(describe(mol, fp1, fp2, sascorer))
        sdf.append(sdf_block(mol, row))
        row['image'] = draw_png(mol)
        molecules.append(row)
    stats['seconds'] = round(time.monotonic() - started, 3)
    return {'seeds': [canonical(mol1), canonical(mol2)], 'molecules': molecules, 'sdf': ''.join(sdf), 'stats': stats}


if __name__ == '__main__':
    main(run, 'transmol')
