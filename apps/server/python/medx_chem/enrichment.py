"""Enrichment of a screen whose library marks actives (issue 14, item 5).

    python3 -m medx_chem.enrichment REQUEST.json ANSWER.json

REQUEST: {"records": [{"name": str, "score": float, "active": bool}, ...],
          "lower_is_better": true, "bedroc_alpha": 20.0}
ANSWER:  {"actives": int, "total": int, "roc_auc": float, "ef1": float, "ef5": float,
          "bedroc": float, "bedroc_alpha": float, "roc": [[fpr, tpr], ...]}

The metrics are RDKit's (rdkit.ML.Scoring): the area under the ROC curve, the enrichment
factors at 1 % and 5 % of the ranked library, and BEDROC (Truchon & Bayly, J. Chem. Inf.
Model. 2007, 47, 488) with alpha 20 by default (80 % of its weight on the first 8 % of the
list). Records are ranked best first (Vina scores: lower is better); ties keep a fixed
order by name so a rerun gives the same figures. Records without a score (a ligand that
failed to dock) rank last: a screen that cannot dock an active has not found it.
"""
import math

from rdkit.ML.Scoring import Scoring

from medx_chem.cli import Failure, main

DEFAULT_ALPHA = 20.0


def _score_key(record, lower_is_better):
    score = record.get('score')
    if score is None or not math.isfinite(float(score)):
        return (1, 0.0, str(record.get('name', '')))
    value = float(score)
    return (0, value if lower_is_better else -value, str(record.get('name', '')))


def enrichment(request):
    records = request.get('records')
    if not isinstance(records, list) or not records:
        raise Failure('no records to rank')
    lower_is_better = bool(request.get('lower_is_better', True))
    alpha = float(request.get('bedroc_alpha', DEFAULT_ALPHA))
    if not alpha > 0:
        raise Failure('bedroc_alpha must be positive')
    ranked = sorted(records, key=lambda record: _score_key(record, lower_is_better))
    rows = [[index, 1 if record.get('active') else 0] for index, record in enumerate(ranked)]
    actives = sum(row[1] for row in rows)
    if actives == 0 or actives == len(rows):
        raise Failure('enrichment needs both actives and inactives (%d actives of %d)' % (actives, len(rows)))
    curve = Scoring.CalcROC(rows, 1)
    ef1, ef5 = Scoring.CalcEnrichment(rows, 1, [0.01, 0.05])
    return {
        'actives': actives,
        'total': len(rows),
        'roc_auc': Scoring.CalcAUC(rows, 1),
        'ef1': ef1,
        'ef5': ef5,
        'bedroc': Scoring.CalcBEDROC(rows, 1, alpha),
        'bedroc_alpha': alpha,
        # The curve starts at the origin: nothing ranked yet, nothing found.
        'roc': [[0.0, 0.0]] + [[fpr, tpr] for fpr, tpr in zip(curve.FPR, curve.TPR)],
    }


if __name__ == '__main__':
    main(enrichment, 'enrichment')
