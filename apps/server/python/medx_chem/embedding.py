"""ETKDGv3 embedding shared by the programs that build 3D from a graph."""
from rdkit.Chem import AllChem

# A fixed seed: the same molecule gets the same coordinates on every run, so a
# preparation or conversion repeats exactly (and its result can be compared).
SEED = 42


def embed_etkdg(mol):
    """Gives mol (hydrogens already added) one ETKDGv3 conformer in place.

    Strained cages and some bridged rings defeat ETKDG's start from distance-bounds
    coordinates; starting from random coordinates (same seed) often gets there, so
    that is tried once before giving up. Answers False when no 3D could be made.
    """
    params = AllChem.ETKDGv3()
    params.randomSeed = SEED
    if AllChem.EmbedMolecule(mol, params) != 0:
        params.useRandomCoords = True
        if AllChem.EmbedMolecule(mol, params) != 0:
            return False
    return True
