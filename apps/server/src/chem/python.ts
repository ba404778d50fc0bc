/**
 * The Python our chemistry runs on. Debian's python3-rdkit and python3-pdbfixer exist
 * for /usr/bin/python3 only (the python3 first on PATH may be another interpreter
 * without them), so that is the default; MEDX_PYTHON overrides it.
 */
export const pythonPath = () => process.env.MEDX_PYTHON ?? '/usr/bin/python3';

/**
 * Python source shared by our RDKit scripts: ETKDGv3 embedding with a fixed seed (so
 * results repeat), retried from random coordinates when the first attempt fails.
 * Answers False when no 3D coordinates could be made. Needs `from rdkit.Chem import AllChem`.
 */
export const PY_EMBED_ETKDG = `
def embed_etkdg(mol):
    params = AllChem.ETKDGv3()
    params.randomSeed = 42
    if AllChem.EmbedMolecule(mol, params) != 0:
        params.useRandomCoords = True
        if AllChem.EmbedMolecule(mol, params) != 0:
            return False
    return True
`;
