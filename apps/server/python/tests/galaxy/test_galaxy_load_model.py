"""load: the ToolModel JSON (every key of the brief present), params, outputs, stdio and tests."""
from galaxy_helpers import write

from medx_galaxy.load import load

TOOL_KEYS = {'id', 'name', 'version', 'description', 'profile', 'file', 'tool_dir', 'category', 'tags', 'help',
             'edam_topics', 'edam_operations', 'requirements', 'command', 'command_line', 'interpreter', 'strict',
             'detect_errors', 'configfiles', 'stdio', 'inputs', 'outputs', 'tests'}
PARAM_KEYS = {'name', 'type', 'label', 'help', 'optional', 'argument', 'viewer'}

TOOL = '''<?xml version="1.0"?>
<tool id="vina_box" name="Vina box" version="1.2" profile="21.05">
  <description>around a ligand</description>
  <edam_topics><edam_topic>topic_0154</edam_topic></edam_topics>
  <edam_operations><edam_operation>operation_0482</edam_operation></edam_operations>
  <requirements><requirement type="package" version="3.1.1">openbabel</requirement>
    <requirement type="set_environment">VINA_HOME</requirement><container type="docker">x</container></requirements>
  <stdio><exit_code range="1:" level="fatal" description="failed"/>
    <regex match="warning" source="stderr" level="warning"/><regex match="x" src="stdout,stderr"/></stdio>
  <command detect_errors="exit_code" strict="false"><![CDATA[
vina --center $box.x
]]></command>
  <configfiles><configfile name="cfg" filename="box.txt">size=$size</configfile>
    <inputs name="params" data_style="paths"/></configfiles>
  <inputs>
    <param argument="--receptor-file" type="data" format="pdbqt, PDB" label="Receptor" help="prepared"/>
    <param name="ligands" type="data" format="sdf" multiple="true" min="1" max="10"/>
    <param name="name" type="text" value="run" area="true">
      <sanitizer><valid initial="string.letters"/></sanitizer></param>
    <param name="size" type="float" value="20" min="1" max="100" medx_viewer="docking_box"><label>Size</label></param>
    <param name="count" type="integer" value="" optional="true"/>
    <param name="flex" type="boolean" checked="yes" truevalue="--flex" falsevalue=""/>
    <param name="mode" type="select" display="radio">
      <option value="fast">Fast</option><option value="slow" selected="true">Slow</option></param>
    <param name="table" type="select"><options from_data_table="vina_tables"/></param>
    <param name="colour" type="color" value="#ff0000"/>
    <param name="secret" type="hidden" value="42"/>
    <conditional name="box">
      <param name="kind" type="select"><option value="center">Center</option><option value="file">File</option></param>
      <when value="center"><param name="x" type="float" value="0"/></when>
      <when value="file"><param name="box_file" type="data" format="txt"/></when>
    </conditional>
    <repeat name="runs" title="Run" min="1" max="3" default="2"><param name="seed" type="integer" value="1"/></repeat>
    <section name="advanced" title="Advanced" expanded="true"><param name="cpu" type="integer" value="1"/></section>
  </inputs>
  <outputs>
    <data name="poses" format="sdf" label="${tool.name} on ${on_string}" from_work_dir=" out.sdf ">
      <filter>mode == 'slow'</filter></data>
    <data name="log" format_source="receptor_file" metadata_source="receptor_file" hidden="true"/>
    <collection name="splits" type="list" format="pdbqt">
      <discover_datasets pattern="__designation_and_ext__" directory="out" visible="true"/></collection>
  </outputs>
  <tests>
    <test expect_num_outputs="2">
      <param name="receptor_file" value="rec.pdbqt" ftype="pdbqt"/>
      <param name="ligands" value="a.sdf,b.sdf"/>
      <param name="mode" value="Fast"/>
      <param name="kind" value="file"/>
      <param name="box_file" value="box.txt"/>
      <repeat name="runs"><param name="seed" value="5"/></repeat>
      <repeat name="runs"><param name="seed" value="6"/></repeat>
      <section name="advanced"><param name="cpu" value="4"/></section>
      <output name="poses" file="poses.sdf" compare="sim_size" delta="100" lines_diff="4" sort="true">
        <assert_contents><has_text text="VINA"/><has_n_lines n="3" delta="1"/></assert_contents>
      </output>
      <assert_stdout><has_text text="done"/></assert_stdout>
    </test>
    <test expect_failure="true" expect_exit_code="1">
      <param name="box|kind" value="center"/>
      <param name="box|x" value="1.5"/>
      <param name="flex" value="--flex"/>
    </test>
  </tests>
  <help><![CDATA[
    **What it does**

      Docks.
  ]]></help>
</tool>
'''


def model(tmp_path):
    answer = load({'paths': [str(write(tmp_path / 'tools' / 'box.xml', TOOL))]})
    assert answer['errors'] == []
    return answer['tools'][0]


def test_the_tool_keys(tmp_path):
    tool = model(tmp_path)
    assert TOOL_KEYS <= set(tool)
    assert tool['file'] == str(tmp_path / 'tools' / 'box.xml') and tool['tool_dir'] == str(tmp_path / 'tools')
    assert (tool['id'], tool['name'], tool['version'], tool['profile']) == ('vina_box', 'Vina box', '1.2', '21.05')
    assert tool['description'] == 'around a ligand'
    assert tool['help'] == '**What it does**\n\n  Docks.'
    assert tool['edam_topics'] == ['topic_0154'] and tool['edam_operations'] == ['operation_0482']
    assert tool['requirements'] == [{'type': 'package', 'name': 'openbabel', 'version': '3.1.1'},
                                    {'type': 'set_environment', 'name': 'VINA_HOME', 'version': None}]
    assert tool['command'] == '\nvina --center $box.x\n' and tool['command_line'] == 10
    assert (tool['interpreter'], tool['strict'], tool['detect_errors']) == (None, False, 'exit_code')
    assert tool['configfiles'] == [
        {'kind': 'configfile', 'name': 'cfg', 'filename': 'box.txt', 'data_style': None, 'template': 'size=$size'},
        {'kind': 'inputs', 'name': 'params', 'filename': None, 'data_style': 'paths', 'template': None}]
    assert tool['stdio'] == {
        'exit_codes': [{'range': '1:', 'level': 'fatal', 'description': 'failed'}],
        'regexes': [{'match': 'warning', 'source': 'stderr', 'level': 'warning', 'description': None},
                    {'match': 'x', 'source': 'both', 'level': 'fatal', 'description': None}]}


def test_the_params(tmp_path):
    inputs = {p['name']: p for p in model(tmp_path)['inputs']}
    for param in inputs.values():
        assert PARAM_KEYS <= set(param)
    receptor = inputs['receptor_file']
    assert receptor['argument'] == '--receptor-file' and receptor['format'] == ['pdbqt', 'pdb']
    assert (receptor['label'], receptor['help'], receptor['multiple']) == ('Receptor', 'prepared', False)
    assert (inputs['ligands']['multiple'], inputs['ligands']['min'], inputs['ligands']['max']) == (True, 1, 10)
    name = inputs['name']
    assert name['value'] == 'run' and name['area'] is True
    assert name['sanitizer']['valid'].startswith('abc') and name['sanitizer']['mapping'] == {}
    size = inputs['size']
    expected = (20.0, 1.0, 100.0, 'Size', 'docking_box')
    assert (size['value'], size['min'], size['max'], size['label'], size['viewer']) == expected
    assert inputs['count']['value'] is None and inputs['count']['optional'] is True
    flex = inputs['flex']
    assert (flex['checked'], flex['truevalue'], flex['falsevalue']) == (True, '--flex', '')
    mode = inputs['mode']
    assert mode['options'] == [{'value': 'fast', 'label': 'Fast', 'selected': False},
                               {'value': 'slow', 'label': 'Slow', 'selected': True}]
    assert (mode['multiple'], mode['display'], mode['dynamic']) == (False, 'radio', False)
    assert inputs['table']['dynamic'] is True and inputs['table']['options'] == []
    assert 'unsupported' not in inputs['colour'] and inputs['colour']['type'] == 'color'
    assert inputs['secret']['value'] == '42'
    box = inputs['box']
    assert box['test_param']['name'] == 'kind'
    cases = [(c['value'], [p['name'] for p in c['inputs']]) for c in box['cases']]
    assert cases == [('center', ['x']), ('file', ['box_file'])]
    runs = inputs['runs']
    assert (runs['title'], runs['min'], runs['max'], runs['default']) == ('Run', 1, 3, 2)
    assert inputs['advanced']['expanded'] is True and inputs['advanced']['inputs'][0]['name'] == 'cpu'


def test_the_outputs(tmp_path):
    poses, log, splits = model(tmp_path)['outputs']
    assert poses['from_work_dir'] == 'out.sdf'         # stripped: profile before 21.09
    assert poses['filters'] == ["mode == 'slow'"] and poses['label'] == '${tool.name} on ${on_string}'
    assert (log['format'], log['format_source'], log['metadata_source'], log['hidden']) == (
        None, 'receptor_file', 'receptor_file', True)
    assert splits['collection'] is True and splits['format'] == 'pdbqt'
    rule = splits['discover'][0]
    assert (rule['pattern'], rule['directory'], rule['visible'], rule['recurse']) == (
        '__designation_and_ext__', 'out', True, False)


def test_the_tests(tmp_path):
    first, second = model(tmp_path)['tests']
    assert first['test_data_dir'] == str(tmp_path / 'tools' / 'test-data')
    params = first['params']
    assert params['receptor_file'] == [{'file': 'rec.pdbqt', 'ftype': 'pdbqt'}]
    assert params['ligands'] == [{'file': 'a.sdf', 'ftype': None}, {'file': 'b.sdf', 'ftype': None}]
    assert params['mode'] == 'fast'                    # named by its label, as legacy tests may
    assert params['box'] == {'kind': 'file', 'box_file': [{'file': 'box.txt', 'ftype': None}]}
    assert params['runs'] == [{'seed': 5}, {'seed': 6}] and params['advanced'] == {'cpu': 4}
    assert (params['name'], params['size'], params['count'], params['flex']) == ('run', 20.0, None, True)
    output = first['outputs'][0]
    assert (output['name'], output['file'], output['compare'], output['delta'], output['lines_diff'],
            output['sort']) == ('poses', 'poses.sdf', 'sim_size', 100, 4, True)
    assert output['asserts'] == [{'tag': 'has_text', 'attributes': {'text': 'VINA'}, 'children': []},
                                 {'tag': 'has_n_lines', 'attributes': {'n': '3', 'delta': '1'}, 'children': []}]
    assert first['stdout'] == [{'tag': 'has_text', 'attributes': {'text': 'done'}, 'children': []}]
    assert (first['expect_num_outputs'], first['expect_failure'], first['expect_exit_code']) == (2, False, None)
    assert second['params']['box'] == {'kind': 'center', 'x': 1.5}
    assert second['params']['flex'] is True and second['params']['runs'] == [{'seed': 1}]   # min instances
    assert (second['expect_failure'], second['expect_exit_code']) == (True, 1)


def test_a_multiple_select_is_optional_unless_it_says_otherwise(tmp_path):
    body = '''<tool id="s" name="S" version="1"><command>true</command><inputs>
      <param name="many" type="select" multiple="true"><option value="a"/><option value="b"/></param>
      <param name="required_many" type="select" multiple="true" optional="false"><option value="a"/></param>
      <param name="one" type="select"><option value="a"/></param>
    </inputs><outputs/></tool>'''
    params = {p['name']: p for p in load({'paths': [str(write(tmp_path / 's.xml', body))]})['tools'][0]['inputs']}
    assert params['many']['optional'] is True
    assert params['required_many']['optional'] is False
    assert params['one']['optional'] is False
