"""load: the error cases of the brief, and the JSON command line."""
from galaxy_helpers import PYTHON_DIR, run_program, write

from medx_galaxy.load import load


def only_error(tmp_path, name, text):
    path = write(tmp_path / name, text)
    answer = load({'paths': [str(path)]})
    assert answer['tools'] == []
    assert len(answer['errors']) == 1
    error = answer['errors'][0]
    assert error['file'] == str(path)
    return error


def test_not_xml_gives_the_expat_message_and_line(tmp_path):
    error = only_error(tmp_path, 'broken.xml', '<tool id="a">\n  <command>\n</tool>\n')
    assert error['message'].startswith('Invalid XML: mismatched tag')
    assert error['line'] == 3


def test_a_file_without_tool_element(tmp_path):
    error = only_error(tmp_path, 'other.xml', '<macros><token name="@A@">1</token></macros>\n')
    assert error['message'] == 'Invalid XML: No tool element found'
    assert error['line'] is None


def test_a_missing_macro_is_named(tmp_path):
    error = only_error(tmp_path, 'tool.xml', '''<tool id="t" name="T" version="1">
  <macros><xml name="present"><param name="x" type="text"/></xml></macros>
  <command>echo</command>
  <inputs><expand macro="absent"/></inputs>
</tool>
''')
    assert 'absent' in error['message']
    assert error['message'].startswith('No macro named absent found')
    assert error['line'] == 4


def test_a_missing_macro_file(tmp_path):
    error = only_error(tmp_path, 'tool.xml', '''<tool id="t" name="T" version="1">
  <macros><import>nowhere.xml</import></macros>
  <command>echo</command>
</tool>
''')
    assert 'nowhere.xml' in error['message']


def test_cheetah_syntax_error_names_the_line_in_the_xml_file(tmp_path):
    error = only_error(tmp_path, 'tool.xml', '''<tool id="t" name="T" version="1">
  <command><![CDATA[
echo one
#if $x
echo two
  ]]></command>
  <inputs><param name="x" type="boolean"/></inputs>
</tool>
''')
    assert 'Cheetah' in error['message'] and '<command>' in error['message']
    assert 'end' in error['message']
    # The #if opens on line 4; Cheetah notices the missing #end at the template's end (line 6).
    assert error['line'] in (4, 5, 6)


def test_cheetah_error_line_with_a_multiline_start_tag(tmp_path):
    error = only_error(tmp_path, 'tool.xml', '''<tool id="t" name="T" version="1">
  <command
      detect_errors="exit_code"><![CDATA[echo one
echo ${x
]]></command>
  <inputs><param name="x" type="text"/></inputs>
</tool>
''')
    assert error['line'] == 4
    assert 'at line 4' in error['message']


def test_configfile_syntax_error(tmp_path):
    error = only_error(tmp_path, 'tool.xml', '''<tool id="t" name="T" version="1">
  <command>cat $cfg</command>
  <configfiles>
    <configfile name="cfg">line one
#for $i in $x
$i
#end if
</configfile>
  </configfiles>
  <inputs><param name="x" type="text"/></inputs>
</tool>
''')
    assert '<configfile name="cfg">' in error['message']
    assert error['line'] == 7


def test_a_directory_skips_non_tool_xml_and_reports_broken_files(tmp_path):
    write(tmp_path / 'tools' / 'macros.xml', '<macros><token name="@V@">1.0</token></macros>')
    write(tmp_path / 'tools' / 'a.xml', '''<tool id="a" name="A" version="@V@">
  <macros><import>macros.xml</import></macros>
  <command>echo</command>
</tool>''')
    write(tmp_path / 'tools' / 'bad.xml', '<tool id="b"')
    write(tmp_path / 'tools' / 'test-data' / 'out.xml', '<not-a-tool/>')
    answer = load({'paths': [str(tmp_path / 'tools')]})
    assert [t['id'] for t in answer['tools']] == ['a']
    assert answer['tools'][0]['version'] == '1.0'
    assert answer['tools'][0]['category'] == 'Other'
    assert [e['file'].endswith('bad.xml') for e in answer['errors']] == [True]


def test_tool_conf_gives_category_and_tags(tmp_path):
    write(tmp_path / 'docking' / 'vina.xml', '<tool id="vina" name="Vina" version="1"><command>vina</command></tool>')
    write(tmp_path / 'other.xml', '<tool id="o" name="O" version="1"><command>o</command></tool>')
    write(tmp_path / 'tool_conf.xml', '''<toolbox>
  <section id="dock" name="Docking"><tool file="docking/vina.xml" tags="docking,vina"/></section>
</toolbox>''')
    answer = load({'paths': [str(tmp_path)]})
    assert answer['errors'] == []
    by_id = {t['id']: t for t in answer['tools']}
    assert by_id['vina']['category'] == 'Docking'
    assert by_id['vina']['tags'] == ['docking', 'vina']
    assert by_id['o']['category'] == 'Other'


def test_the_program_runs_with_json_on_stdin(tmp_path):
    path = write(tmp_path / 't.xml', '<tool id="t" name="T" version="1"><command>echo</command></tool>')
    done, answer = run_program('load', {'paths': [str(path)]})
    assert done.returncode == 0, done.stderr
    assert answer['tools'][0]['id'] == 't'
    done, _ = run_program('load', {'nothing': 1})
    assert done.returncode == 1
    assert done.stderr.strip().startswith('load:')


def test_tools_that_run_no_command_line_are_refused(tmp_path):
    error = only_error(tmp_path, 'expr.xml', '''<tool id="e" name="E" version="1" tool_type="expression">
  <expression type="ecma5.1">{return {'output': 1}}</expression></tool>''')
    assert error['message'] == 'Expression tools (<expression>) are not supported' and error['line'] == 2
    error = only_error(tmp_path, 'source.xml', '<tool id="s" name="S" version="1" tool_type="data_source"/>')
    assert error['message'] == 'Tools of tool_type="data_source" are not supported'


def test_the_program_reads_and_writes_json_files(tmp_path):
    import json
    import os
    import subprocess
    import sys
    path = write(tmp_path / 't.xml', '<tool id="t" name="T" version="1"><command>echo</command></tool>')
    write(tmp_path / 'request.json', json.dumps({'paths': [str(path)]}))
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR))
    done = subprocess.run([sys.executable, '-m', 'medx_galaxy.load', 'request.json', 'answer.json'], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / 'answer.json').read_text())['tools'][0]['id'] == 't'
