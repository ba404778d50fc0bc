"""color and data_column params (the tool builder's color and dependency types): loaded as supported params and
rendered as Galaxy renders them; a data_column whose data_ref names no data input is a load error."""
import pytest
from galaxy_helpers import write

from medx_galaxy import build
from medx_galaxy.cli import Failure
from medx_galaxy.load import load
from medx_galaxy.render import render

COMMAND = '<command>echo $c $rgb $col $cols $maybe</command>'
INPUTS = '''<inputs>
  <param name="c" type="color"/>
  <param name="rgb" type="color" value="#00FF80" rgb="true"/>
  <param name="table" type="data" format="tabular"/>
  <param name="col" type="data_column" data_ref="table"/>
  <param name="cols" type="data_column" data_ref="table" multiple="true" value="c2,4"/>
  <param name="maybe" type="data_column" data_ref="table" optional="true" use_header_names="true" numerical="true"/>
</inputs>'''


def load_tool(tmp_path, body, name='tool.xml'):
    path = write(tmp_path / name, '<tool id="t" name="T" version="1">%s</tool>' % body)
    return path, load({'paths': [str(path)]})


def the_tool(tmp_path, body=COMMAND + INPUTS):
    _path, answer = load_tool(tmp_path, body)
    assert answer['errors'] == [], answer['errors']
    return answer['tools'][0]


def rendered(tmp_path, tool, values):
    job = tmp_path / 'job'
    table = [{'path': '/in/t.tsv', 'ext': 'tabular', 'name': 't.tsv', 'metadata': {}}]
    return render({'tool': tool, 'values': dict({'table': table}, **values), 'outputs': {}, 'job_dir': str(job),
                   'working_dir': str(job / 'working'), 'slots': 1})['command']


def test_both_types_load_as_supported_params(tmp_path):
    inputs = {p['name']: p for p in the_tool(tmp_path)['inputs']}
    assert not any(p.get('unsupported') for p in inputs.values())
    assert (inputs['c']['type'], inputs['c']['value'], inputs['c']['rgb']) == ('color', '#000000', False)
    assert (inputs['rgb']['value'], inputs['rgb']['rgb']) == ('#00ff80', True)
    col, cols, maybe = inputs['col'], inputs['cols'], inputs['maybe']
    assert (col['type'], col['data_ref'], col['multiple'], col['optional']) == ('data_column', 'table', False, False)
    # No value: a required single chooser starts at column 1 (Galaxy selects the dataset's first column).
    assert col['value'] == '1'
    # 'c2' is Galaxy's label convention for column 2.
    assert (cols['multiple'], cols['value']) == (True, ['2', '4'])
    assert (maybe['optional'], maybe['value']) == (True, None)


def test_rendering_colours_and_columns(tmp_path):
    tool = the_tool(tmp_path)
    assert rendered(tmp_path, tool, {}) == 'echo #000000 (0, 255, 128) 1 2,4 None'
    command = rendered(tmp_path, tool, {'c': '#a0B1c2', 'rgb': '#ff0000', 'col': '3', 'cols': ['1', '5', '2'],
                                        'maybe': 7})
    assert command == 'echo #a0B1c2 (255, 0, 0) 3 1,5,2 7'
    # A multiple chooser's value may come as Galaxy's comma-joined text (a test's value, a workflow's state).
    assert rendered(tmp_path, tool, {'cols': 'c3, 6', 'maybe': ''}) == 'echo #000000 (0, 255, 128) 1 3,6 None'


def test_a_multiple_column_chooser_is_iterable_in_the_template(tmp_path):
    tool = the_tool(tmp_path, '''<command>#for $n in $cols# -k $n#end for#</command>
      <inputs><param name="table" type="data"/>
      <param name="cols" type="data_column" data_ref="table" multiple="true"/></inputs>''')
    assert rendered(tmp_path, tool, {'cols': ['2', '3']}) == '-k 2 -k 3'


@pytest.mark.parametrize('values,message', [
    ({'c': '#fff'}, '#rrggbb'),
    ({'c': 'ff00zz'}, '#rrggbb'),
    ({'c': '#ff0000; id'}, '#rrggbb'),
    ({'col': '0'}, 'column number'),
    ({'col': '-1'}, 'column number'),
    ({'col': '1; id'}, 'column number'),
    ({'col': True}, 'column number'),
    ({'col': ['1', '2']}, 'one column'),
    ({'col': None}, 'column number is needed'),
    ({'cols': []}, 'column number is needed'),
    ({'cols': ['1', 'x']}, 'column number'),
])
def test_bad_values_are_refused(tmp_path, values, message):
    tool = the_tool(tmp_path)
    with pytest.raises(Failure, match=message):
        rendered(tmp_path, tool, values)


def test_a_data_ref_naming_no_data_input_is_a_load_error_with_its_line(tmp_path):
    path, answer = load_tool(tmp_path, '''<command>echo $col</command>
<inputs>
  <param name="table" type="data"/>
  <param name="n" type="integer" value="1"/>
  <param name="col" type="data_column" data_ref="n"/>
</inputs>''')
    assert answer['tools'] == []
    assert answer['errors'] == [{'file': str(path), 'line': 5, 'message':
                                 'The data_column col has data_ref="n", which is not a data input of this tool'}]
    _path, answer = load_tool(tmp_path, '''<command>echo $col</command>
<inputs><param name="col" type="data_column"/></inputs>''', 'no_ref.xml')
    assert answer['errors'][0]['message'] == 'The data_column col has no data_ref'
    assert answer['errors'][0]['line'] == 2


def test_a_data_ref_may_name_a_data_input_elsewhere_in_the_tool(tmp_path):
    tool = the_tool(tmp_path, '''<command>echo $how.col</command><inputs>
      <repeat name="r" title="R"><param name="table" type="data"/></repeat>
      <conditional name="how"><param name="k" type="select"><option value="a"/></param>
        <when value="a"><param name="col" type="data_column" data_ref="table" value="2"/></when></conditional>
    </inputs>''')
    assert tool['inputs'][1]['cases'][0]['inputs'][0]['value'] == '2'


@pytest.mark.parametrize('attrs,message', [
    ('value="x"', 'value="x", which is not a column number (1, 2, ...)'),
    ('value="0"', 'value="0", which is not a column number (1, 2, ...)'),
    ('value="1,2"', 'several columns in value="1,2" but is not multiple'),
])
def test_a_bad_default_is_a_load_error(tmp_path, attrs, message):
    path, answer = load_tool(tmp_path, '''<command>echo $col</command><inputs><param name="t" type="data"/>
<param name="col" type="data_column" data_ref="t" %s/></inputs>''' % attrs)
    assert answer['errors'] == [{'file': str(path), 'line': 2, 'message': 'The data_column col has ' + message}]


def builder_param(kind, name, **fields):
    """A builder param as the contract's zod output gives it (see test_galaxy_builder.param)."""
    out = {'type': kind, 'name': name, 'label': '', 'help': '', 'default': None, 'options': [], 'fileTypes': [],
           'format': '', 'multiple': False, 'required': True,
           'validator': {'min': None, 'max': None, 'step': None}, 'dependsOn': None}
    out.update(fields)
    return out


def test_the_builders_color_and_dependency_params_load_and_render(tmp_path):
    params = [builder_param('data', 'table', fileTypes=[{'format': 'tabular', 'label': 'tabular'}]),
              builder_param('color', 'colour', default='#FF8800'),
              builder_param('dependency', 'cols', multiple=True, default='1,3',
                            dependsOn={'param': 'table', 'value': None}),
              builder_param('dependency', 'col', required=False, dependsOn={'param': 'table', 'value': None}),
              builder_param('output_data', 'out', format='txt')]
    draft = {'info': {'toolId': 'cols', 'toolName': 'Cols', 'version': '1.0.0', 'description': '', 'helpText': '',
                      'macros': ''},
             'dependencies': [], 'params': params, 'values': {}, 'scripts': [], 'test': None,
             'commandBlocks': [{'id': 'block-1', 'content': "echo $colour $cols $col > '$out'"}]}
    xml, files = build.build_xml(draft)
    for name, text in files.items():
        write(tmp_path / 'built' / name, text)
    answer = load({'paths': [str(write(tmp_path / 'built' / 'tool.xml', xml))]})
    assert answer['errors'] == [], answer['errors']
    tool = answer['tools'][0]
    inputs = {p['name']: p for p in tool['inputs']}
    assert (inputs['colour']['type'], inputs['colour']['value']) == ('color', '#ff8800')
    assert (inputs['cols']['type'], inputs['cols']['data_ref'], inputs['cols']['value']) == (
        'data_column', 'table', ['1', '3'])
    assert (inputs['col']['optional'], inputs['col']['value']) == (True, None)
    assert not any(p.get('unsupported') for p in tool['inputs'])
    job = tmp_path / 'job'
    command = render({'tool': tool, 'values': {'table': [{'path': '/in/t.tsv', 'ext': 'tabular', 'name': 't.tsv'}],
                                               'col': '2'},
                      'outputs': {'out': {'path': '/o/out.txt', 'ext': 'txt'}}, 'job_dir': str(job),
                      'working_dir': str(job / 'working'), 'slots': 1})['command']
    assert command == "echo #ff8800 1,3 2 > '/o/out.txt'"
