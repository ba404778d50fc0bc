"""check: Galaxy's output comparisons and assertions."""
import gzip
import hashlib

import pytest
from galaxy_helpers import run_program, write

from medx_galaxy.check import check


def entry(**fields):
    base = {'name': 'out', 'file': None, 'compare': 'diff', 'lines_diff': 0, 'delta': 10000, 'sort': False,
            'ftype': None, 'asserts': []}
    base.update(fields)
    return base


def checked(tmp_path, actual_text, expected_text=None, **fields):
    actual = write(tmp_path / 'actual.txt', actual_text)
    if expected_text is not None:
        write(tmp_path / 'test-data' / 'expected.txt', expected_text)
        fields.setdefault('file', 'expected.txt')
    return check({'test_output': entry(**fields), 'actual': str(actual), 'test_data_dir': str(tmp_path / 'test-data')})


def test_diff_with_lines_diff_counted_as_galaxy_does(tmp_path):
    assert checked(tmp_path, 'a\nb\nc\n', 'a\nb\nc\n')['ok']
    assert checked(tmp_path, 'a\r\nb\n', 'a\nb\n')['ok']          # universal newlines, as Galaxy reads text
    answer = checked(tmp_path, 'a\nB\nc\n', 'a\nb\nc\n')
    assert not answer['ok'] and '-b' in answer['problems'][0] and '+B' in answer['problems'][0]
    # One changed line is one removed plus one added line: lines_diff="2" tolerates it.
    assert checked(tmp_path, 'a\nB\nc\n', 'a\nb\nc\n', lines_diff=2)['ok']
    assert not checked(tmp_path, 'a\nB\nc\n', 'a\nb\nc\n', lines_diff=1)['ok']
    assert checked(tmp_path, 'c\nb\na\n', 'a\nb\nc\n', sort=True)['ok']


def test_re_match_contains_and_sim_size(tmp_path):
    assert checked(tmp_path, 'score 1.25\nok\n', 'score \\d+\\.\\d+\nok\n', compare='re_match')['ok']
    assert not checked(tmp_path, 'score x\nok\n', 'score \\d+\nok\n', compare='re_match')['ok']
    assert checked(tmp_path, 'a\nscore 1\nb\n', 'a\n(score \\d\n)+b\n', compare='re_match_multiline')['ok']
    assert checked(tmp_path, 'first line\nsecond\n', 'second\n', compare='contains')['ok']
    assert not checked(tmp_path, 'first line\n', 'missing\n', compare='contains')['ok']
    assert checked(tmp_path, 'x' * 100, 'y' * 120, compare='sim_size', delta=30)['ok']
    assert not checked(tmp_path, 'x' * 100, 'y' * 200, compare='sim_size', delta=30)['ok']


def test_assertions_checksums_and_a_missing_expected_file(tmp_path):
    text = 'MODEL 1\nREMARK VINA RESULT: -7.1\nENDMDL\n'
    asserts = [{'tag': 'has_text', 'attributes': {'text': 'VINA RESULT'}, 'children': []},
               {'tag': 'has_n_lines', 'attributes': {'n': '3'}, 'children': []},
               {'tag': 'has_line_matching', 'attributes': {'expression': 'REMARK .* -\\d+\\.\\d+'}, 'children': []},
               {'tag': 'not_has_text', 'attributes': {'text': 'ERROR'}, 'children': []}]
    assert checked(tmp_path, text, asserts=asserts)['ok']
    sha1 = hashlib.sha1(text.encode()).hexdigest()
    assert checked(tmp_path, text, checksum='sha1$' + sha1)['ok']
    assert not checked(tmp_path, text, checksum='sha1$' + '0' * 40)['ok']
    answer = checked(tmp_path, text, file='nowhere.txt')
    assert answer['problems'] == ['out: the expected file nowhere.txt is not in test-data']


def test_decompress(tmp_path):
    actual = tmp_path / 'a.gz'
    actual.write_bytes(gzip.compress(b'hello\n'))
    write(tmp_path / 'test-data' / 'e.txt', 'hello\n')
    answer = check({'test_output': entry(file='e.txt', decompress=True), 'actual': str(actual),
                    'test_data_dir': str(tmp_path / 'test-data')})
    assert answer['ok'], answer


@pytest.mark.parametrize('tag,attributes,text,ok', [
    ('has_text', {'text': 'a', 'n': '3'}, 'a a a', True),
    ('has_text', {'text': 'a', 'min': '4'}, 'a a a', False),
    ('has_text', {'text': 'b', 'negate': 'true'}, 'a a a', True),
    ('has_line', {'line': 'x'}, 'y\nx\n', True),
    ('has_line', {'line': 'x'}, 'y\nxx\n', False),
    ('has_text_matching', {'expression': 'c[0-9]+', 'n': '2'}, 'c1 c22 d', True),
    ('has_n_columns', {'n': '3'}, '# c\na\tb\tc\n', False),
    ('has_n_columns', {'n': '3', 'comment': '#'}, '# c\na\tb\tc\n', True),
    ('has_n_columns', {'n': '2', 'sep': ','}, 'a,b\n', True),
    ('has_size', {'value': '1k', 'delta': '10'}, 'x' * 995, True),
    ('has_size', {'min': '10'}, 'x', False),
    ('has_n_lines', {'min': '1', 'max': '2'}, 'a\nb\nc\n', False),
    ('is_valid_xml', {}, '<a><b/></a>', True),
    ('is_valid_xml', {}, '<a><b></a>', False),
    ('has_element_with_path', {'path': './b'}, '<a><b x="1">t</b></a>', True),
    ('has_n_elements_with_path', {'path': './b', 'n': '2'}, '<a><b/><b/></a>', True),
    ('element_text_is', {'path': './b', 'text': 't'}, '<a><b>t</b></a>', True),
    ('attribute_is', {'path': './b', 'attribute': 'x', 'text': '1'}, '<a><b x="1"/></a>', True),
    ('attribute_matches', {'path': './b', 'attribute': 'x', 'expression': '[0-9]'}, '<a><b x="q"/></a>', False),
    ('has_json_property_with_value', {'property': 'n', 'value': '3'}, '{"a": {"n": 3}}', True),
    ('has_json_property_with_text', {'property': 's', 'text': 'x'}, '[{"s": "x"}]', True),
    ('no_such_assertion', {}, '', False),
])
def test_assertions_on_a_text(tag, attributes, text, ok):
    answer = check({'assertions': [{'tag': tag, 'attributes': attributes, 'children': []}], 'text': text})
    assert answer['ok'] is ok, answer


def test_element_text_with_children():
    assertion = {'tag': 'element_text', 'attributes': {'path': './b'},
                 'children': [{'tag': 'has_text', 'attributes': {'text': 'needle'}, 'children': []}]}
    assert check({'assertions': [assertion], 'text': '<a><b>a needle</b></a>'})['ok']
    assert not check({'assertions': [assertion], 'text': '<a><b>hay</b></a>'})['ok']


def test_check_through_the_command_line(tmp_path):
    done, answer = run_program('check', {'assertions': [{'tag': 'has_line', 'attributes': {'line': 'ok'},
                                                         'children': []}], 'text': 'ok\n'})
    assert done.returncode == 0, done.stderr
    assert answer == {'ok': True, 'problems': []}
