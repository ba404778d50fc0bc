"""The scores of the poses in a Vina output PDBQT, with Vina 1.2.3's unbound-energy bug undone.

With the vina and vinardo scoring functions, Vina reports a pose's affinity as
(inter + intra - unbound) / (1 + w * torsions), where "unbound" is meant to be the
intramolecular energy of the best pose, so that the best pose scores its intermolecular
energy alone. Vina 1.2.3 (Debian 12's) computes that unbound energy differently from the
intramolecular energy for some ligands (AutoDock-Vina issue #200, fixed upstream after
1.2.3 by commit c1217c1): its output then says, for the best pose, INTRA -0.966 and
UNBOUND 23.711, and the affinity comes out at -27.9 kcal/mol where `vina --score_only`
of the same pose gives -10.0. Left alone, such ligands head every screen's ranking.

Every model carries the terms (REMARK INTER + INTRA, INTRA, UNBOUND), so the affinity the
fixed Vina reports can be recovered: the factor 1 / (1 + w * torsions) is the reported
affinity over (inter + intra - unbound), the same for every model of the ligand, and the
unbound energy is replaced by the best pose's intramolecular energy. Outputs without the
terms (other builds, other tools) and outputs where the two energies agree are read as
they are. The server's docking job does the same in TypeScript (vina-output.ts).
"""
import re

_NUMBER = r'(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)'
_TERMS = {
    'score': re.compile(r'^REMARK VINA RESULT:\s+' + _NUMBER),
    'inter_intra': re.compile(r'^REMARK INTER \+ INTRA:\s+' + _NUMBER),
    'intra': re.compile(r'^REMARK INTRA:\s+' + _NUMBER),
    'unbound': re.compile(r'^REMARK UNBOUND:\s+' + _NUMBER),
}
# The terms are printed with three decimals: closer than this, the energies agree.
_AGREE = 0.002


def _models(text):
    models = []
    for line in text.splitlines():
        for key, pattern in _TERMS.items():
            match = pattern.match(line)
            if not match:
                continue
            if key == 'score':
                models.append({})
            if models:
                models[-1][key] = float(match.group(1))
    return models


def vina_scores(text):
    """The affinity (kcal/mol) of each model of a Vina output PDBQT, best first."""
    models = _models(text)
    scores = [model['score'] for model in models]
    if not models or any(key not in model for model in models for key in _TERMS):
        return scores
    best_intra = models[0]['intra']
    unbound = models[0]['unbound']
    if abs(unbound - best_intra) <= _AGREE:
        return scores
    # The model whose terms are farthest from the unbound energy gives the factor with the
    # least rounding in it.
    widest = max(models, key=lambda m: abs(m['inter_intra'] - unbound))
    if abs(widest['inter_intra'] - unbound) < 0.1:
        return scores
    factor = widest['score'] / (widest['inter_intra'] - unbound)
    return [round(factor * (m['inter_intra'] - best_intra), 3) for m in models]


def vina_scores_of(path):
    with open(path) as source:
        return vina_scores(source.read())
