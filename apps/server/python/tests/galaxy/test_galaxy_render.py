"""render: Galaxy's wrappers, sanitizing and command post-processing, the script, configfiles and errors."""
import json
import os

import pytest
from galaxy_helpers import run_program, write

from medx_galaxy.cli import Failure
from medx_galaxy.load import load
from medx_galaxy.render import render
from medx_galaxy.sanitize import sanitize_text


def tool_of(tmp_path, body, attrs='', name='tool.xml'):
    path = write(tmp_path / name, '<tool id="t" name="T" version="1" %s>%s</tool>' % (attrs, body))
    answer = load({'paths': [str(path)]})
    assert answer['errors'] == [], answer['errors']
    return answer['tools'][0]


def rendered(tmp_path, tool, values, outputs=None, slots=1):
    job = tmp_path / 'job'
    return render({'tool': tool, 'values': values, 'outputs': outputs or {}, 'job_dir': str(job),
                   'working_dir': str(job / 'working'), 'slots': slots})


def data(path, ext='txt', name=None, **metadata):
    return [{'path': path, 'ext': ext, 'name': name or os.path.basename(path), 'metadata': metadata}]


def test_the_default_sanitizer():
    assert sanitize_text("a'b; rm -rf / #x") == 'a__sq__bX rm -rf / __pd__x'
    assert sanitize_text('$(id) `id` | & \\ ~') == 'X(id) XidX X X X X'
    assert sanitize_text('<>"[]{}@\n\r\t') == '__lt____gt____dq____ob____cb____oc____cc____at____cn____cr____tc__'
    assert sanitize_text('ok -=_.()/+*^,:?!') == 'ok -=_.()/+*^,:?!'


TEXT_TOOL = '''<command>echo '$t' '$t.strip()' '${t.replace("a", "b")}' '$d.element_identifier' '$d.name' &gt; '$out'
</command><inputs><param name="t" type="text"/><param name="d" type="data"/></inputs>
<outputs><data name="out" format="txt"/></outputs>'''


def test_user_text_and_dataset_names_are_sanitized_however_the_template_uses_them(tmp_path):
    tool = tool_of(tmp_path, TEXT_TOOL)
    answer = rendered(tmp_path, tool, {'t': " a'; touch /tmp/pwned; '", 'd': data('/in/x.txt', name="x'$(id).txt")},
                      {'out': {'path': '/o/out.txt', 'ext': 'txt'}})
    assert answer['command'] == ("echo ' a__sq__X touch /tmp/pwnedX __sq__' 'a__sq__X touch /tmp/pwnedX __sq__' "
                                 "' b__sq__X touch /tmp/pwnedX __sq__' 'x__sq__X(id).txt' 'x__sq__X(id).txt' > "
                                 "'/o/out.txt'")


def test_a_sanitizer_element_and_the_tool_option(tmp_path):
    tool = tool_of(tmp_path, '''<command>echo '$t'</command><inputs><param name="t" type="text">
      <sanitizer invalid_char=""><valid initial="string.digits"><add value="-"/></valid>
      <mapping initial="none"><add source="+" target="_plus_"/></mapping></sanitizer></param></inputs>''')
    assert rendered(tmp_path, tool, {'t': "12-3+4'x"})['command'] == "echo '12-3_plus_4'"
    raw = tool_of(tmp_path, '''<options sanitize="false"/><command>echo $t</command>
      <inputs><param name="t" type="text"/></inputs>''', name='raw.xml')
    assert rendered(tmp_path, raw, {'t': "a'b"})['command'] == "echo a'b"


def test_booleans_numbers_and_selects_as_galaxy_wraps_them(tmp_path):
    tool = tool_of(tmp_path, '''<command><![CDATA[
#if $flag
    flag=$flag
#end if
#if $flag == "true" and $flag2 == "--yes"
    both
#end if
#if $n > 3 and $n == 4 and int($n) + 1 == 5
    n=$n
#end if
x=${float($x) * 2} sel=$sel multi=$multi
#for $m in $multi
    [$m]
#end for
#if not $none
    none=$none
#end if
]]></command><inputs>
  <param name="flag" type="boolean" truevalue="--on" falsevalue="--off"/>
  <param name="flag2" type="boolean" truevalue="--yes" falsevalue="--no" checked="true"/>
  <param name="n" type="integer" value="1"/><param name="x" type="float" value="0.5"/>
  <param name="sel" type="select"><option value="a">A</option><option value="b" selected="true">B</option></param>
  <param name="multi" type="select" multiple="true"><option value="p"/><option value="q"/><option value="r"/></param>
  <param name="none" type="select" optional="true"><option value="z"/></param>
</inputs>''')
    answer = rendered(tmp_path, tool, {'flag': True, 'n': 4, 'x': 1.25, 'multi': ['p', 'r']})
    assert answer['command'] == 'flag=--on both n=4 x=2.5 sel=b multi=p,r [p] [r] none=None'
    answer = rendered(tmp_path, tool, {'flag': False, 'flag2': False, 'n': 2, 'x': 1})
    assert answer['command'] == 'x=2.0 sel=b multi=None none=None'


def test_a_select_value_must_be_an_option(tmp_path):
    tool = tool_of(tmp_path, '''<command>echo $sel</command><inputs>
      <param name="sel" type="select"><option value="a"/></param></inputs>''')
    with pytest.raises(Failure, match="'b; id' is not one of its options"):
        rendered(tmp_path, tool, {'sel': 'b; id'})


def test_datasets_multiple_data_metadata_and_types(tmp_path):
    tool = tool_of(tmp_path, '''<command><![CDATA[
cat $inputs > $out &&
echo ${",".join(str(x) for x in $inputs)} #for $i in $inputs# $i.ext:$i.element_identifier #end for# &&
echo $ligand.ext $ligand.extension $ligand.metadata.number_of_molecules [$ligand.metadata.absent] &&
#if $ligand.is_of_type("sdf") and $ligand.is_of_type("txt") and not $ligand.is_of_type("pdb")
echo sdf &&
#end if
#if not $optional
echo no-optional $optional $optional.ext
#end if
]]></command><inputs>
  <param name="inputs" type="data" format="txt" multiple="true"/>
  <param name="ligand" type="data" format="sdf,mol2"/>
  <param name="optional" type="data" format="pdb" optional="true"/>
</inputs><outputs><data name="out" format="txt"/></outputs>''')
    answer = rendered(tmp_path, tool, {
        'inputs': data('/d/a.txt') + data('/d/b.txt', name='b (1).txt'),
        'ligand': data('/d/l.sdf', 'sdf', number_of_molecules=12)}, {'out': {'path': '/o/out', 'ext': 'txt'}})
    assert answer['command'] == (
        'cat /d/a.txt,/d/b.txt > /o/out && echo /d/a.txt,/d/b.txt  txt:a.txt  txt:b (1).txt  && '
        'echo sdf sdf 12 [] && echo sdf && echo no-optional None data')


def test_conditionals_repeats_and_sections(tmp_path):
    tool = tool_of(tmp_path, '''<command><![CDATA[
mode=$mode.kind
#if $mode.kind == "box"
    size=$mode.size center=${mode.center.x},${mode.center.y}
#end if
n=${len($runs)}
#for $r in $runs
    run=$r.seed
#end for
opt=$advanced.level
]]></command><inputs>
  <conditional name="mode"><param name="kind" type="select"><option value="auto"/><option value="box"/></param>
    <when value="auto"/>
    <when value="box"><param name="size" type="float" value="20"/>
      <section name="center" title="Center"><param name="x" type="float" value="0"/>
        <param name="y" type="float" value="0"/></section></when></conditional>
  <repeat name="runs" title="Run" min="1"><param name="seed" type="integer" value="1"/></repeat>
  <section name="advanced" title="Advanced"><param name="level" type="integer" value="3"/></section>
</inputs>''')
    answer = rendered(tmp_path, tool, {'mode': {'kind': 'box', 'size': 22.5, 'center': {'x': 1, 'y': -2}},
                                       'runs': [{'seed': 7}, {'seed': 8}]})
    assert answer['command'] == 'mode=box size=22.5 center=1.0,-2.0 n=2 run=7 run=8 opt=3'
    # Defaults: the first option, min repeats, section defaults.
    assert rendered(tmp_path, tool, {})['command'] == 'mode=auto n=1 run=1 opt=3'


def test_tool_directories_slots_and_the_command_lines(tmp_path):
    tool = tool_of(tmp_path, '''<command><![CDATA[
    python '$__tool_directory__/run.py'
        --threads \\${GALAXY_SLOTS:-1}
        --tmp '$__new_file_path__' --data '$__tool_data_path__'
        --user '$__user_email__'
]]></command>''', attrs='profile="21.01"')
    answer = rendered(tmp_path, tool, {}, slots=8)
    job = str(tmp_path / 'job')
    assert answer['command'] == ("python '%s/run.py' --threads ${GALAXY_SLOTS:-1} --tmp '%s/new_files' "
                                 "--data '%s/tool-data' --user 'Anonymous'" % (tmp_path, job, tmp_path))
    assert answer['script'] == ('#!/bin/bash\nset -e\nexport GALAXY_SLOTS=8\nmkdir -p %s/home && export HOME=%s/home'
                                '\n%s\n' % (job, job, answer['command']))


@pytest.mark.parametrize('attrs,strict', [('', False), ('profile="20.05"', False), ('profile="20.09"', True),
                                          ('profile="23.0"', True)])
def test_set_e_follows_the_profile(tmp_path, attrs, strict):
    tool = tool_of(tmp_path, '<command>true</command>', attrs=attrs)
    assert ('\nset -e\n' in rendered(tmp_path, tool, {})['script']) is strict


def test_the_strict_attribute_wins(tmp_path):
    tool = tool_of(tmp_path, '<command strict="false">true</command>', attrs='profile="22.05"')
    assert 'set -e' not in rendered(tmp_path, tool, {})['script']
    tool = tool_of(tmp_path, '<command strict="true">true</command>', name='b.xml')
    assert 'set -e' in rendered(tmp_path, tool, {})['script']


def test_interpreter_of_a_legacy_tool(tmp_path):
    tool = tool_of(tmp_path, '<command interpreter="python">script.py --in x</command>')
    assert rendered(tmp_path, tool, {})['command'] == 'python %s/script.py --in x' % tmp_path
    modern = tool_of(tmp_path, '<command interpreter="python">script.py</command>', attrs='profile="21.01"',
                     name='m.xml')
    assert rendered(tmp_path, modern, {})['command'] == 'script.py'


def test_configfiles_and_the_inputs_json(tmp_path):
    tool = tool_of(tmp_path, '''<command>run --config '$cfg' --params '$params' --first '$first'</command>
  <configfiles>
    <configfile name="first">first line</configfile>
    <configfile name="cfg" filename="box.conf">center_x = $x
name = $label
seen = $first
</configfile>
    <inputs name="params" data_style="paths"/>
  </configfiles>
  <inputs><param name="x" type="float" value="1.5"/><param name="label" type="text"/>
    <param name="lig" type="data"/><param name="flag" type="boolean"/></inputs>''')
    answer = rendered(tmp_path, tool, {'label': 'my "box"', 'lig': data('/d/lig.sdf', 'sdf'), 'flag': True})
    configs = tmp_path / 'job' / 'configs'
    assert answer['configfiles'] == [str(configs / 'first'), str(configs / 'cfg'), str(configs / 'params')]
    assert answer['command'] == "run --config '%s/cfg' --params '%s/params' --first '%s/first'" % ((configs,) * 3)
    assert (configs / 'cfg').read_text() == 'center_x = 1.5\nname = my __dq__box__dq__\nseen = %s/first\n' % configs
    # A filename puts the same file in the working directory, as Galaxy links it there.
    assert (tmp_path / 'job' / 'working' / 'box.conf').read_text() == (configs / 'cfg').read_text()
    assert json.loads((configs / 'params').read_text()) == {'x': 1.5, 'label': 'my __dq__box__dq__',
                                                            'lig': '/d/lig.sdf', 'flag': True}


def test_a_template_error_names_the_tool_and_the_line(tmp_path):
    tool = tool_of(tmp_path, '''<command><![CDATA[
echo ok &&
echo $undefined_name
]]></command>''')
    with pytest.raises(Failure, match=r"^t \(.*tool.xml\): <command> line 3: NameError: .*undefined_name"):
        rendered(tmp_path, tool, {})
    done, answer = run_program('render', {'tool': tool, 'values': {}, 'outputs': {}, 'job_dir': str(tmp_path),
                                          'working_dir': str(tmp_path), 'slots': 1})
    assert done.returncode == 1 and answer is None
    assert len(done.stderr.strip().splitlines()) == 1
    assert 'line 3' in done.stderr and 'undefined_name' in done.stderr


def test_render_through_the_command_line(tmp_path):
    tool = tool_of(tmp_path, '<command>echo $t</command><inputs><param name="t" type="text" value="hi"/></inputs>')
    done, answer = run_program('render', {'tool': tool, 'values': {}, 'outputs': {}, 'job_dir': str(tmp_path),
                                          'working_dir': str(tmp_path), 'slots': 2})
    assert done.returncode == 0, done.stderr
    assert answer['command'] == 'echo hi' and answer['configfiles'] == []


def test_colours_and_a_select_separator(tmp_path):
    tool = tool_of(tmp_path, '''<command>echo $c $rgb $multi</command><inputs>
      <param name="c" type="color" value="#FF0000"/><param name="rgb" type="color" value="#00ff80" rgb="true"/>
      <param name="multi" type="select" multiple="true" separator=" "><option value="a"/><option value="b"/></param>
    </inputs>''')
    assert tool['inputs'][0]['value'] == '#ff0000' and 'unsupported' not in tool['inputs'][0]
    assert rendered(tmp_path, tool, {'multi': ['a', 'b']})['command'] == 'echo #ff0000 (0, 255, 128) a b'
    with pytest.raises(Failure, match='#rrggbb'):
        rendered(tmp_path, tool, {'c': '#fff; id'})


def test_display_name_is_the_dataset_name_sanitized(tmp_path):
    tool = tool_of(tmp_path, TEXT_TOOL.replace("'$d.name'", "'$d.display_name'"))
    answer = rendered(tmp_path, tool, {'t': 'x', 'd': data('/in/x.txt', name="a'b.txt")},
                      {'out': {'path': '/o/out.txt', 'ext': 'txt'}})
    assert answer['command'].endswith("'a__sq__b.txt' 'a__sq__b.txt' > '/o/out.txt'")
