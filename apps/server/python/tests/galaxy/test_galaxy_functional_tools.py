"""Galaxy's own functional test tools (tests/galaxy_data/functional, copied from galaxyproject/galaxy
test/functional/tools with their test-data): their <tests> pass through load, render, bash, judge, collect and
check. The parametrization lists every (tool, test); the few tests that need what we do not support are listed
in NOT_SUPPORTED with the reason."""
from pathlib import Path

import pytest
from galaxy_run import Run, load_one

FUNCTIONAL = Path(__file__).resolve().parents[1] / 'galaxy_data' / 'functional'

# (tool id, test index) -> why it cannot pass here.
NOT_SUPPORTED = {
    ('inputs_as_json_with_paths', 2): 'a data_collection input (collections are not supported)',
}


def _cases():
    for path in sorted(FUNCTIONAL.glob('*.xml')):
        tool = load_one(path)
        for index in range(len(tool['tests'])):
            if (tool['id'], index) not in NOT_SUPPORTED:
                yield pytest.param(path, index, id='%s-%d' % (tool['id'], index))


@pytest.mark.parametrize('path,index', list(_cases()))
def test_galaxy_functional_test(path, index, tmp_path):
    tool = load_one(path)
    test = tool['tests'][index]
    run = Run(tool, test, tmp_path)
    if test['expect_test_failure']:
        assert run.problems() != []
    else:
        assert run.problems() == []


def _params(params):
    for param in params:
        yield param
        for case in param.get('cases', []):
            yield from _params(case['inputs'])
        yield from _params(param.get('inputs', []))


def test_the_tests_left_out_need_a_collection_input_which_load_marks_unsupported():
    for tool_id, _index in NOT_SUPPORTED:
        tool = load_one(FUNCTIONAL / ('%s.xml' % tool_id))
        kinds = {(p['type'], bool(p.get('unsupported'))) for p in _params(tool['inputs'])}
        assert ('data_collection', True) in kinds
