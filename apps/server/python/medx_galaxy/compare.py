"""Galaxy's comparison of a test output with its expected file (lib/galaxy/tool_util/verify/__init__.py):
diff (lines_diff tolerated +/- lines of a unified diff, sort first when asked), re_match (each expected line a
regex matched at the start of the output line), re_match_multiline, sim_size (delta bytes, delta_frac), contains
(each expected line somewhere in the output). Functions raise AssertionError with the difference."""
import bz2
import difflib
import gzip
import os
import re


def read_bytes(path, decompress=False):
    with open(path, 'rb') as source:
        data = source.read()
    if decompress:
        if data[:2] == b'\x1f\x8b':
            data = gzip.decompress(data)
        elif data[:3] == b'BZh':
            data = bz2.decompress(data)
    return data


def _lines(path, decompress):
    data = read_bytes(path, decompress)
    try:
        text = data.decode('utf-8')
    except UnicodeDecodeError:
        raise AssertionError('Binary data detected, not displaying diff') from None
    # Galaxy reads both files in text mode: universal newlines.
    return text.replace('\r\n', '\n').replace('\r', '\n').splitlines(keepends=True)


def diff(expected, actual, attributes):
    if read_bytes(expected) == read_bytes(actual):
        return
    decompress = attributes.get('decompress', False)
    local, history = _lines(expected, decompress), _lines(actual, decompress)
    if attributes.get('sort'):
        local.sort()
        history.sort()
    lines = list(difflib.unified_diff(local, history, 'local_file', 'history_data'))
    changed = sum(1 for line in lines if (line.startswith('+') and not line.startswith('+++')) or (
        line.startswith('-') and not line.startswith('---')))
    if changed > int(attributes.get('lines_diff') or 0):
        shown = lines if len(lines) < 60 else lines[:25] + ['********\n', '*SNIP *\n', '********\n'] + lines[-25:]
        raise AssertionError(''.join(shown[:60]))


def re_match(expected, actual, attributes):
    decompress = attributes.get('decompress', False)
    local, history = _lines(expected, decompress), _lines(actual, decompress)
    assert len(local) == len(history), ('Data File and Regular Expression File contain a different number of lines '
                                        '(%d != %d)' % (len(local), len(history)))
    if attributes.get('sort'):
        local.sort()
        history.sort()
    problems = []
    for regex_line, data_line in zip(local, history):
        regex_line, data_line = regex_line.rstrip('\n'), data_line.rstrip('\n')
        if not re.match(regex_line, data_line):
            problems.append('Regular Expression: %s, Data file: %s\n' % (regex_line, data_line))
    if len(problems) > int(attributes.get('lines_diff') or 0):
        raise AssertionError('Regular expression did not match data file (allowed variants=%d):\n%s' % (
            int(attributes.get('lines_diff') or 0), ''.join(problems)))


def re_match_multiline(expected, actual, attributes):
    decompress = attributes.get('decompress', False)
    pattern = ''.join(_lines(expected, decompress))
    history = _lines(actual, decompress)
    if attributes.get('sort'):
        history.sort()
    assert re.match(pattern, ''.join(history), re.MULTILINE), 'Multiline Regular expression did not match data file'


def sim_size(expected, actual, attributes):
    s1, s2 = os.path.getsize(expected), os.path.getsize(actual)
    delta = attributes.get('delta')
    delta = 10000 if delta is None else int(delta)
    if abs(s1 - s2) > delta:
        raise AssertionError('Files %s=%db but %s=%db - compare by size (delta=%s) failed' % (
            expected, s1, actual, s2, delta))
    fraction = attributes.get('delta_frac')
    if fraction is not None and not (s1 - s1 * fraction <= s2 <= s1 + s1 * fraction):
        raise AssertionError('Files %s=%db but %s=%db - compare by size (delta_frac=%s) failed' % (
            expected, s1, actual, s2, fraction))


def contains(expected, actual, attributes):
    decompress = attributes.get('decompress', False)
    history = read_bytes(actual, decompress).decode('utf-8', errors='replace')
    allowed = int(attributes.get('lines_diff') or 0)
    missing = 0
    for line in _lines(expected, decompress):
        line = line.rstrip('\n')
        if line not in history:
            missing += 1
        if missing > allowed:
            raise AssertionError("Failed to find '%s' in history data. (lines_diff=%d)." % (line, allowed))


COMPARE = {'diff': diff, 're_match': re_match, 're_match_multiline': re_match_multiline, 'sim_size': sim_size,
           'contains': contains}
