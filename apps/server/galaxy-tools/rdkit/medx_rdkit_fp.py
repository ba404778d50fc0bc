"""Fingerprints and similarity metrics shared by the MedX RDKit similarity and clustering tools."""
from rdkit import DataStructs
from rdkit.Chem import MACCSkeys, rdMolDescriptors
from rdkit.Chem import rdFingerprintGenerator as generators

FINGERPRINTS = ('morgan2', 'morgan3', 'fcfp4', 'rdkit', 'maccs', 'atompair', 'torsion')


def fingerprinter(kind, bits=2048):
    """A function mol -> bit vector for one of FINGERPRINTS."""
    if kind == 'morgan2':
        generator = generators.GetMorganGenerator(radius=2, fpSize=bits)
        return generator.GetFingerprint
    if kind == 'morgan3':
        generator = generators.GetMorganGenerator(radius=3, fpSize=bits)
        return generator.GetFingerprint
    if kind == 'fcfp4':
        return lambda mol: rdMolDescriptors.GetMorganFingerprintAsBitVect(mol, 2, nBits=bits, useFeatures=True)
    if kind == 'rdkit':
        generator = generators.GetRDKitFPGenerator(fpSize=bits)
        return generator.GetFingerprint
    if kind == 'maccs':
        return MACCSkeys.GenMACCSKeys
    if kind == 'atompair':
        generator = generators.GetAtomPairGenerator(fpSize=bits)
        return generator.GetFingerprint
    if kind == 'torsion':
        generator = generators.GetTopologicalTorsionGenerator(fpSize=bits)
        return generator.GetFingerprint
    raise SystemExit('Unknown fingerprint: %s' % kind)


def similarity(metric):
    """A function (fp, [fps]) -> [similarities] for tanimoto, dice or cosine."""
    functions = {
        'tanimoto': DataStructs.BulkTanimotoSimilarity,
        'dice': DataStructs.BulkDiceSimilarity,
        'cosine': DataStructs.BulkCosineSimilarity,
    }
    if metric not in functions:
        raise SystemExit('Unknown metric: %s' % metric)
    return functions[metric]
