"""judge: Galaxy's failure rules for legacy, profiled, detect_errors and <stdio> tools."""
import pytest
from galaxy_helpers import run_program

from medx_galaxy.judge import judge


def tool(profile=None, detect_errors=None, exit_codes=(), regexes=()):
    return {'id': 't', 'profile': profile, 'detect_errors': detect_errors,
            'stdio': {'exit_codes': list(exit_codes), 'regexes': list(regexes)}}


def failed(model, exit_code=0, stdout='', stderr=''):
    return judge({'tool': model, 'exit_code': exit_code, 'stdout': stdout, 'stderr': stderr})['failed']


def test_a_legacy_tool_fails_on_stderr_and_ignores_the_exit_code():
    assert failed(tool(), exit_code=3) is False
    assert failed(tool(), stderr='warning: something') is True
    assert failed(tool(profile='16.01'), exit_code=1) is False


@pytest.mark.parametrize('profile', ['16.04', '20.09', '24.0'])
def test_a_profiled_tool_fails_on_a_non_zero_exit_code_only(profile):
    assert failed(tool(profile), exit_code=0, stderr='lots of noise') is False
    assert failed(tool(profile), exit_code=1) is True
    assert failed(tool(profile), exit_code=-9) is True


def test_detect_errors_exit_code_and_aggressive():
    assert failed(tool(detect_errors='exit_code'), exit_code=2) is True
    assert failed(tool(detect_errors='exit_code'), stderr='x') is False
    assert failed(tool(detect_errors='aggressive'), stdout='Error: bad input') is True
    assert failed(tool(detect_errors='aggressive'), stderr='java.lang.OutOfMemoryError') is True
    assert failed(tool(detect_errors='aggressive'), stdout='no errors found') is False
    assert failed(tool(profile='16.04', detect_errors='default'), exit_code=1) is True


def test_explicit_stdio_rules_with_levels_and_messages():
    model = tool(exit_codes=[{'range': '3:5', 'level': 'warning', 'description': 'Low disk space'},
                             {'range': '6:', 'level': 'fatal', 'description': 'Bad input'}],
                 regexes=[{'match': 'low space', 'source': 'both', 'level': 'warning', 'description': None},
                          {'match': 'Quality is (?P<q>\\d+)', 'source': 'stdout', 'level': 'qc',
                           'description': 'quality \\g<q>'}])
    answer = judge({'tool': model, 'exit_code': 4, 'stdout': 'Quality is 90', 'stderr': 'LOW SPACE left'})
    assert answer['failed'] is False
    assert answer['messages'] == ['Warning: Exit code 4 (Low disk space)', 'Warning: Matched on LOW SPACE',
                                  'QC: quality 90']
    assert [m['stream'] for m in answer['job_messages']] == [None, 'stderr', 'stdout']
    assert failed(model, exit_code=7) is True
    # Explicit rules replace the profile's default exit code rule: 1 is in no range.
    assert failed(dict(model, profile='21.01'), exit_code=1) is False


def test_fatal_oom_stops_the_regexes():
    model = tool(exit_codes=[{'range': '42', 'level': 'fatal_oom', 'description': 'OOM'}],
                 regexes=[{'match': 'x', 'source': 'both', 'level': 'warning', 'description': None}])
    answer = judge({'tool': model, 'exit_code': 42, 'stdout': 'x', 'stderr': ''})
    assert answer['failed'] is True and answer['messages'] == ['Out of memory error: Exit code 42 (OOM)']


def test_judge_through_the_command_line():
    done, answer = run_program('judge', {'tool': tool('21.01'), 'exit_code': 1, 'stdout': '', 'stderr': ''})
    assert done.returncode == 0, done.stderr
    assert answer['failed'] is True and answer['messages'] == ['Fatal error: Exit code 1 ()']
