"""check: a tool test's expectation on one output file, or assertions on a text (stdout, stderr, a command).

    request {"test_output": Test output entry, "actual": abs path, "test_data_dir": abs}
         or {"assertions": [Assertion], "text": str}
    answer  {"ok": bool, "problems": [str]}

As Galaxy's tool_util/verify verify(): the assert_contents assertions, the checksum (md5 or "sha1$..."), then
the comparison with the expected file of test-data (compare="diff" by default, see compare.py). A problem does
not stop the others from being checked, so the answer lists all of them.
"""
import hashlib
import os

from . import cli
from .asserts import check_all
from .compare import COMPARE, read_bytes


def _inside(path, directory):
    real_dir = os.path.realpath(directory)
    return os.path.realpath(path).startswith(real_dir + os.sep)


def check_output(entry, actual, test_data_dir):
    problems = []
    name = entry.get('name') or 'output'
    if not actual or not os.path.isfile(actual):
        return ['%s: the output file %s does not exist' % (name, actual)]
    data = read_bytes(actual, entry.get('decompress', False))
    try:
        check_all(data, entry.get('asserts') or [])
    except AssertionError as error:
        problems.append('%s different than expected: %s' % (name, error))
    except Exception as error:  # noqa: B902 - a malformed assertion (bad regex...) is a problem of this check
        problems.append('%s: the assertion could not be checked: %s' % (name, error))
    checksum = entry.get('checksum')
    if checksum and '$' in checksum:
        kind, wanted = checksum.split('$', 1)
        if kind not in ('md5', 'sha1', 'sha256', 'sha512'):
            problems.append('%s: unknown checksum type %s' % (name, kind))
        else:
            found = hashlib.new(kind, read_bytes(actual)).hexdigest()
            if found != wanted:
                problems.append('%s: output checksum [%s] does not match expected [%s] (using %s).' % (
                    name, found, wanted, kind))
    if entry.get('file'):
        expected = os.path.join(test_data_dir or '.', entry['file'])
        compare = (entry.get('compare') or 'diff').lower()
        if test_data_dir and not _inside(expected, test_data_dir):
            problems.append('%s: the expected file %s is outside test-data' % (name, entry['file']))
        elif not os.path.isfile(expected):
            problems.append('%s: the expected file %s is not in test-data' % (name, entry['file']))
        elif compare not in COMPARE:
            problems.append('%s: compare="%s" is not supported' % (name, compare))
        else:
            try:
                COMPARE[compare](expected, actual, entry)
            except AssertionError as error:
                problems.append('%s different than expected, difference (using %s):\n%s' % (name, compare, error))
    return problems


def check(request):
    if 'assertions' in request:
        try:
            check_all((request.get('text') or '').encode(), request.get('assertions') or [])
        except AssertionError as error:
            return {'ok': False, 'problems': [str(error)]}
        except Exception as error:  # noqa: B902 - see check_output
            return {'ok': False, 'problems': ['the assertion could not be checked: %s' % error]}
        return {'ok': True, 'problems': []}
    entry = request.get('test_output')
    if not isinstance(entry, dict):
        raise cli.Failure('check: request needs "test_output" (with "actual", "test_data_dir") or "assertions"')
    problems = check_output(entry, request.get('actual'), request.get('test_data_dir'))
    return {'ok': not problems, 'problems': problems}


if __name__ == '__main__':
    cli.main(check, 'check')
