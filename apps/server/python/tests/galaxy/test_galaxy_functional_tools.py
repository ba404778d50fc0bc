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
            yield pytest.param(path, index, id='%s-%d' % (tool['id'], index))


@pytest.mark.parametrize('path,index', list(_cases()))
def test_galaxy_functional_test(path, index, tmp_path):
    tool = load_one(path)
    reason = NOT_SUPPORTED.get((tool['id'], index))
    if reason:
        pytest.skip(reason)
    test = tool['tests'][index]
    run = Run(tool, test, tmp_path)
    if test['expect_test_failure']:
        assert run.problems() != []
    else:
        assert run.problems() == []
