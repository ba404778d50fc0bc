import pytest
from conftest import run_program

from medx_chem.cli import Failure
from medx_chem.enrichment import enrichment


def records(labels, scores=None):
    """Ranked best first by construction when scores are not given (Vina: lower is better)."""
    scores = scores or [-12.0 + index * 0.1 for index in range(len(labels))]
    return [{'name': 'm%03d' % index, 'score': score, 'active': bool(label)}
            for index, (label, score) in enumerate(zip(labels, scores))]


def test_perfect_ranking_has_auc_one_and_the_highest_enrichment():
    labels = [1] * 5 + [0] * 95
    answer = enrichment({'records': records(labels)})
    assert answer['actives'] == 5 and answer['total'] == 100
    assert answer['roc_auc'] == pytest.approx(1.0)
    # All five actives in the top 5 %: EF5% = (5/5) / (5/100) = 20.
    assert answer['ef5'] == pytest.approx(20.0)
    # The top 1 % is one molecule, an active: EF1% = (1/1) / (5/100) = 20.
    assert answer['ef1'] == pytest.approx(20.0)
    assert answer['bedroc'] == pytest.approx(1.0, abs=0.01)
    assert answer['roc'][0] == [0.0, 0.0]
    assert answer['roc'][-1] == [1.0, 1.0]


def test_worst_ranking_has_auc_zero_and_no_early_enrichment():
    labels = [0] * 95 + [1] * 5
    answer = enrichment({'records': records(labels)})
    assert answer['roc_auc'] == pytest.approx(0.0)
    assert answer['ef1'] == 0 and answer['ef5'] == 0
    assert answer['bedroc'] < 0.01


def test_interleaved_ranking_is_in_between():
    labels = [1, 0, 0, 0] * 25
    answer = enrichment({'records': records(labels)})
    assert 0.5 < answer['roc_auc'] < 1.0
    assert 0.0 < answer['bedroc'] < 1.0


def test_ranks_by_score_not_by_input_order_and_higher_is_better_when_asked():
    # Actives listed last but scored best: they rank first.
    recs = records([0, 0, 0, 1, 1], [-5.0, -6.0, -7.0, -9.0, -8.0])
    assert enrichment({'records': recs})['roc_auc'] == pytest.approx(1.0)
    assert enrichment({'records': recs, 'lower_is_better': False})['roc_auc'] == pytest.approx(0.0)


def test_a_ligand_that_failed_to_dock_ranks_last():
    recs = records([1, 0, 0], [None, -7.0, -6.0])
    assert enrichment({'records': recs})['roc_auc'] == pytest.approx(0.0)


def test_refuses_a_library_without_both_actives_and_inactives():
    with pytest.raises(Failure, match='both actives and inactives'):
        enrichment({'records': records([1, 1, 1])})
    with pytest.raises(Failure, match='both actives and inactives'):
        enrichment({'records': records([0, 0])})
    with pytest.raises(Failure, match='no records'):
        enrichment({'records': []})
    with pytest.raises(Failure, match='bedroc_alpha'):
        enrichment({'records': records([1, 0]), 'bedroc_alpha': 0})


def test_runs_as_a_program_under_the_cli_convention(tmp_path):
    done, answer = run_program('enrichment', {'records': records([1, 0, 1, 0])}, tmp_path)
    assert done.returncode == 0, done.stderr
    assert answer['total'] == 4 and answer['actives'] == 2
    failed, _ = run_program('enrichment', {'records': records([1, 1])}, tmp_path)
    assert failed.returncode == 1
    assert 'both actives and inactives' in failed.stderr
