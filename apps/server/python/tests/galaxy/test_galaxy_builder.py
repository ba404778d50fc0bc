"""build, unbuild and schema: the parameter builder's draft <-> Galaxy tool XML (issue 16).

Per param type the built XML validates against Galaxy's XSD (xmllint) and loads into the model the tool form
uses; draft -> build -> unbuild gives the draft back; real wrappers (ours and public Galaxy ones already in the
repository) -> unbuild -> build load into the same model, or differ only where the warnings say.
"""
import copy
import shutil

import pytest
from galaxy_helpers import DATA, PYTHON_DIR, run_program, write
from galaxy_run import Run, load_one

from medx_galaxy import build, schema, unbuild
from medx_galaxy.cli import Failure

pytestmark = pytest.mark.skipif(shutil.which('xmllint') is None, reason='xmllint (libxml2-utils) is not installed')

TOOLS = PYTHON_DIR.parent / 'galaxy-tools'
FUNCTIONAL = DATA / 'functional'
CHEMISTRY = DATA / 'chemistry'


def param(kind, name, **fields):
    """A builder param with the contract's defaults (BuilderParam's zod output)."""
    out = {'type': kind, 'name': name, 'label': '', 'help': '', 'default': None, 'options': [], 'fileTypes': [],
           'format': '', 'multiple': False, 'required': True,
           'validator': {'min': None, 'max': None, 'step': None}, 'dependsOn': None}
    out.update(fields)
    return out


def options(*values):
    return [{'value': v, 'label': v.upper()} for v in values]


OUTPUT = param('output_data', 'out', format='txt', label='Result')

# One entry per builder param type (spec §3's 18), each as the draft holds it after the contract's defaults,
# written the way unbuild gives it back (see unbuild.py's "not round-trippable").
PARAMS = {
    'data': [param('data', 'input', label='Input', help='A structure', multiple=True, required=False,
                   fileTypes=[{'format': 'pdb', 'label': 'pdb'}, {'format': 'sdf', 'label': 'sdf'}])],
    'select': [param('select', 'mode', label='Mode', options=options('fast', 'slow'), default='slow')],
    'float': [param('float', 'cutoff', default=1.5, validator={'min': 0, 'max': 10.5, 'step': None})],
    'integer': [param('integer', 'count', default=3, required=False, validator={'min': 1, 'max': None, 'step': None})],
    'boolean': [param('boolean', 'flag', label='Flag', default=True)],
    'text': [param('text', 'title', default='a <b> & "c"', help='Any text')],
    'date': [param('date', 'day', default='2024-01-31')],
    'time': [param('time', 'hour', default='12:30')],
    'color': [param('color', 'colour', default='#ff8800')],
    'range': [param('range', 'weight', default=0.25, validator={'min': 0, 'max': 1, 'step': None})],
    'dependency': [param('data', 'table', fileTypes=[{'format': 'tabular', 'label': 'tabular'}]),
                   param('dependency', 'column', multiple=True, dependsOn={'param': 'table', 'value': None})],
    'condition': [param('condition', 'how', label='How', options=options('a', 'b', 'c'), default='b'),
                  param('float', 'a_value', default=2, dependsOn={'param': 'how', 'value': 'a'}),
                  param('text', 'a_text', dependsOn={'param': 'how', 'value': 'a'}),
                  param('select', 'b_choice', options=options('x', 'y'), dependsOn={'param': 'how', 'value': 'b'})],
    '3d_viewer_box': [param('3d_viewer_box', 'pocket', label='Pocket')],
    '3d_viewer_residue': [param('3d_viewer_residue', 'residues', default='A:45')],
    '3d_viewer_atom': [param('3d_viewer_atom', 'atoms')],
    '3d_viewer_docking_box': [param('3d_viewer_docking_box', 'box', label='Search box', help='From the viewer',
                                    default='1 2.5 -3 20 20 22.5')],
    'output_data': [param('output_data', 'table_out', format='tabular', label='Table')],
    'output_collection': [param('output_collection', 'poses', format='pdb', label='Poses')],
}


def draft_of(params, **info):
    base = {'toolId': 'medx_builder_test', 'toolName': 'Builder test', 'version': '1.0.0', 'description': 'a test',
            'helpText': '**What it does**\n\nTests the builder.', 'macros': ''}
    base.update(info)
    outputs = [] if any(p['type'] in build.OUTPUT_TYPES for p in params) else [OUTPUT]
    return {'info': base, 'dependencies': [{'name': 'python', 'version': '3.11', 'channel': ''}],
            'params': list(params) + outputs, 'values': {},
            'commandBlocks': [{'id': 'block-1', 'content': "echo '$%s' > '$out'" % params[0]['name']}],
            'scripts': [], 'test': None}


def built_tool(tmp_path, xml, files, name='tool.xml'):
    folder = tmp_path / 'tool'
    for file_name, text in files.items():
        write(folder / file_name, text)
    return load_one(write(folder / name, xml))


def by_name(inputs):
    return {p['name']: p for p in inputs}


def test_every_builder_type_has_a_case():
    assert set(PARAMS) == set(build.PARAM_TYPES)
    assert len(build.PARAM_TYPES) == 18


@pytest.mark.parametrize('kind', sorted(PARAMS))
def test_each_param_type_validates_against_the_galaxy_xsd(kind):
    xml, files = build.build_xml(draft_of(PARAMS[kind]))
    assert schema.validate(xml, files) == []


def test_the_schema_check_reports_what_the_xsd_refuses_with_lines_of_the_given_xml():
    xml, _ = build.build_xml(draft_of(PARAMS['float']))
    broken = xml.replace('type="float"', 'type="decimal"').replace('<tool ', '<tool bogus="1" ')
    errors = schema.validate(broken)
    line = next(i for i, text in enumerate(broken.splitlines(), 1) if 'type="decimal"' in text)
    assert "line 1: Element 'tool', attribute 'bogus': The attribute 'bogus' is not allowed." in errors
    assert any(e.startswith('line %d: ' % line) and "'decimal'" in e for e in errors), errors
    assert len(errors) == 2


def test_the_schema_check_expands_macros_and_ignores_medx_viewer():
    tool = '''<tool id="t" name="T" version="1">
    <macros><import>macros.xml</import></macros>
    <expand macro="reqs"/>
    <command>echo @WHAT@</command>
    <inputs><param name="r" type="text" medx_viewer="residue"/><param name="n" type="@KIND@"/></inputs>
    <outputs/>
</tool>'''
    macros = '''<macros><token name="@WHAT@">hi</token><token name="@KIND@">integer</token>
    <xml name="reqs"><requirements><requirement type="package">python</requirement></requirements></xml></macros>'''
    assert schema.validate(tool, {'macros.xml': macros}) == []
    assert schema.validate(tool.replace('@KIND@', 'numeric'), {'macros.xml': macros})[0].startswith('line 5: ')
    assert schema.validate(tool) == ['line 1: Cannot read macro file macros.xml: No such file or directory']
    assert schema.validate('<tool') == ['line 1: Invalid XML: unclosed token: line 1, column 0']


def test_the_schema_program_and_its_file_names(tmp_path):
    xml, files = build.build_xml(draft_of(PARAMS['select']), None)
    done, answer = run_program('schema', {'xml': xml, 'files': files})
    assert done.returncode == 0 and answer == {'errors': []}
    done, answer = run_program('schema', {'xml': xml, 'files': {'../x.xml': '<macros/>'}})
    assert done.returncode == 1 and answer is None
    assert done.stderr.strip() == "schema: file name '../x.xml' is not a plain file name"


def test_built_params_load_as_the_tool_form_reads_them(tmp_path):
    params = [p for kind in sorted(PARAMS) for p in PARAMS[kind]]
    tool = built_tool(tmp_path, *build.build_xml(draft_of(params)))
    inputs = by_name(tool['inputs'])
    assert (inputs['input']['type'], inputs['input']['format'], inputs['input']['multiple'],
            inputs['input']['optional'], inputs['input']['label']) == ('data', ['pdb', 'sdf'], True, True, 'Input')
    assert inputs['mode']['options'] == [{'value': 'fast', 'label': 'FAST', 'selected': False},
                                         {'value': 'slow', 'label': 'SLOW', 'selected': True}]
    assert (inputs['cutoff']['type'], inputs['cutoff']['value'], inputs['cutoff']['min'],
            inputs['cutoff']['max']) == ('float', 1.5, 0, 10.5)
    assert (inputs['count']['type'], inputs['count']['value'], inputs['count']['optional']) == ('integer', 3, True)
    assert (inputs['weight']['type'], inputs['weight']['min'], inputs['weight']['max']) == ('float', 0, 1)
    assert (inputs['flag']['type'], inputs['flag']['checked'], inputs['flag']['truevalue']) == ('boolean', True, 'true')
    assert (inputs['title']['type'], inputs['title']['value']) == ('text', 'a <b> & "c"')
    assert (inputs['day']['type'], inputs['hour']['type']) == ('text', 'text')
    assert (inputs['colour']['type'], inputs['colour']['value']) == ('color', '#ff8800')
    assert inputs['column']['type'] == 'data_column'
    assert [(inputs[n]['type'], inputs[n]['viewer']) for n in ('pocket', 'residues', 'atoms')] == [
        ('text', 'box'), ('text', 'residue'), ('text', 'atom')]
    how = inputs['how']
    assert (how['type'], how['test_param']['name'], how['test_param']['label']) == (
        'conditional', 'how_selector', 'How')
    assert [(case['value'], [p['name'] for p in case['inputs']]) for case in how['cases']] == [
        ('a', ['a_value', 'a_text']), ('b', ['b_choice']), ('c', [])]
    box = inputs['box']
    assert (box['type'], box['title'], box['expanded']) == ('section', 'Search box', True)
    assert [(p['name'], p['type'], p['value'], p['viewer']) for p in box['inputs']] == [
        ('box_center_x', 'float', 1, 'docking_box'), ('box_center_y', 'float', 2.5, None),
        ('box_center_z', 'float', -3, None), ('box_size_x', 'float', 20, None),
        ('box_size_y', 'float', 20, None), ('box_size_z', 'float', 22.5, None)]
    assert box['inputs'][0]['help'] == 'From the viewer'
    outputs = {o['name']: o for o in tool['outputs']}
    assert (outputs['table_out']['format'], outputs['table_out']['label'], outputs['table_out']['collection']) == (
        'tabular', 'Table', False)
    poses = outputs['poses']
    assert (poses['collection'], poses['collection_type'], poses['label']) == (True, 'list', 'Poses')
    assert [(d['pattern'], d['directory'], d['format']) for d in poses['discover']] == [
        ('__name_and_ext__', 'poses', 'pdb')]
    assert tool['requirements'] == [{'type': 'package', 'name': 'python', 'version': '3.11'}]
    assert (tool['profile'], tool['detect_errors'], tool['help']) == (
        '22.05', 'exit_code', '**What it does**\n\nTests the builder.')


def test_the_command_keeps_its_exact_text_even_a_cdata_end():
    draft = draft_of(PARAMS['text'])
    draft['commandBlocks'] = [{'id': 'a', 'content': "echo ']]>' \\\n  && echo '$title' > '$out'\r"},
                              {'id': 'b', 'content': '#if $title:\n  echo yes\n#end if'}]
    xml, _ = build.build_xml(draft)
    back, _ = unbuild.import_tool(xml)
    assert back['commandBlocks'] == [{'id': 'block-1', 'content': "echo ']]>' \\\n  && echo '$title' > '$out'\r\n"
                                      "#if $title:\n  echo yes\n#end if"}]
    assert schema.validate(xml) == []


@pytest.mark.parametrize('kind', sorted(PARAMS))
def test_each_param_type_round_trips(kind):
    draft = draft_of(PARAMS[kind])
    xml, files = build.build_xml(draft)
    back, warnings = unbuild.import_tool(xml, files.get('macros.xml', ''))
    assert warnings == []
    assert back == build.with_defaults(draft)


def test_everything_at_once_round_trips_with_xml_macros_and_tokens():
    # unbuild gives the inputs first, then the outputs (see its docstring).
    params = [p for kind in sorted(PARAMS) for p in PARAMS[kind] if p['type'] not in build.OUTPUT_TYPES]
    params += PARAMS['output_collection'] + PARAMS['output_data']
    macros = '<macros>\n    <token name="@GREETING@">hello</token>\n</macros>\n'
    draft = draft_of(params, macros=macros, toolName='Builder @GREETING@')
    draft['commandBlocks'][0]['content'] = "echo '@GREETING@ $input' > '$out'"
    draft['dependencies'].append({'name': 'rdkit', 'version': '', 'channel': ''})
    xml, files = build.build_xml(draft)
    assert files == {'macros.xml': macros} and '<import>macros.xml</import>' in xml
    back, warnings = unbuild.import_tool(xml, files['macros.xml'])
    assert warnings == []
    assert back == build.with_defaults(draft)


def test_text_macros_become_inline_tokens_and_come_back_as_lines(tmp_path):
    draft = draft_of(PARAMS['text'], macros='@VERSION@ 1.2\n\n# a comment\nTHREADS  4 \n')
    draft['commandBlocks'][0]['content'] = "echo @VERSION@ @THREADS@ > '$out'"
    xml, files = build.build_xml(draft)
    assert files == {}
    assert '<token name="@VERSION@">1.2</token>' in xml and '<token name="@THREADS@">4</token>' in xml
    tool = built_tool(tmp_path, xml, files)
    assert tool['command'] == "echo 1.2 4 > '$out'"
    back, warnings = unbuild.import_tool(xml)
    assert warnings == []
    assert back['info']['macros'] == '@VERSION@ 1.2\n@THREADS@ 4'
    assert back['commandBlocks'][0]['content'] == "echo @VERSION@ @THREADS@ > '$out'"


def test_what_the_draft_holds_and_galaxy_cannot_is_normalized_on_the_way_back():
    draft = draft_of([
        param('data', 'input', fileTypes=[{'format': 'pdb', 'label': 'Protein Data Bank'}],
              dependsOn={'param': 'mode', 'value': None}),
        param('select', 'mode', options=[{'value': 'a', 'label': ''}]),
        param('float', 'cutoff', validator={'min': 0, 'max': 1, 'step': 0.1}),
        param('text', 'title', validator={'min': 1, 'max': 2, 'step': None}),
    ], helpText='\n    indented\n    help\n')
    draft['dependencies'][0]['channel'] = 'conda-forge'
    draft['commandBlocks'].append({'id': 'second', 'content': 'true'})
    back, _ = unbuild.import_tool(build.build_xml(draft)[0])
    params = by_name(back['params'])
    assert params['input']['fileTypes'] == [{'format': 'pdb', 'label': 'pdb'}]
    assert params['input']['dependsOn'] is None
    assert params['mode']['options'] == [{'value': 'a', 'label': 'a'}]
    assert params['cutoff']['validator'] == {'min': 0, 'max': 1, 'step': None}
    assert params['title']['validator'] == {'min': None, 'max': None, 'step': None}
    assert back['dependencies'][0]['channel'] == ''
    assert back['info']['helpText'] == 'indented\nhelp'
    assert [b['id'] for b in back['commandBlocks']] == ['block-1']


def test_a_test_run_becomes_a_galaxy_test_that_our_runtime_passes(tmp_path):
    """The tool built with <tests> loads, its test runs through render/bash/judge/collect/check and passes."""
    params = [
        param('data', 'input', fileTypes=[{'format': 'txt', 'label': 'txt'}]),
        param('select', 'mode', options=options('fast', 'slow'), default='fast'),
        param('boolean', 'flag', default=False),
        param('condition', 'how', options=options('a', 'b'), default='a'),
        param('float', 'a_value', default=2, dependsOn={'param': 'how', 'value': 'a'}),
        param('3d_viewer_docking_box', 'box', default='0 0 0 20 20 20'),
        param('output_data', 'out', format='txt'),
        param('output_collection', 'many', format='txt'),
    ]
    draft = draft_of(params)
    draft['commandBlocks'] = [
        {'id': 'one', 'content': "cat '$input' > '$out' &&"},
        {'id': 'two', 'content': "echo '$mode $flag $how.how_selector $how.a_value $box.box_center_x "
                                 "$box.box_size_z' >> '$out' &&"},
        {'id': 'three', 'content': 'mkdir many && echo first > many/p1.txt && echo second > many/p2.txt'},
    ]
    test = {'values': {'mode': 'slow', 'flag': True, 'how|how_selector': 'a', 'how|a_value': 3.5,
                       'box|box_center_x': 1.25},
            'inputs': {'input': ['in.txt']},
            'outputs': {'out': 'expected.txt', 'many': {'count': 2, 'elements': {'p1': 'p1.txt'}}}}
    xml, files = build.build_xml(draft, test)
    assert schema.validate(xml, files) == []
    folder = tmp_path / 'tool'
    write(folder / 'test-data' / 'in.txt', 'input line\n')
    write(folder / 'test-data' / 'expected.txt', 'input line\nslow true a 3.5 1.25 20.0\n')
    write(folder / 'test-data' / 'p1.txt', 'first\n')
    tool = load_one(write(folder / 'tool.xml', xml))
    assert len(tool['tests']) == 1
    run = Run(tool, tool['tests'][0], tmp_path / 'run')
    assert run.problems() == []
    assert tool['tests'][0]['output_collections'][0]['count'] == 2
    # The server may name a collection's element as "collection|element": the same test.
    other = dict(test, outputs={'out': 'expected.txt', 'many|p1': 'p1.txt'})
    assert build.build_xml(draft, other)[0].replace('<output_collection name="many" type="list">', '') == \
        xml.replace('<output_collection name="many" type="list" count="2">', '')
    # A test that expects something else fails: the check above could fail.
    write(folder / 'test-data' / 'expected.txt', 'something else\n')
    assert Run(tool, tool['tests'][0], tmp_path / 'run2').problems() != []


def test_test_values_must_name_params_of_the_draft():
    draft = draft_of(PARAMS['condition'])
    with pytest.raises(Failure, match='test.values: nothing names no param of the draft'):
        build.build_xml(draft, {'values': {'nothing': 1}})
    with pytest.raises(Failure, match='test.values: a_value is not a condition or docking box'):
        build.build_xml(draft, {'values': {'a_value|how': 1}})
    with pytest.raises(Failure, match='how is a group'):
        build.build_xml(draft, {'values': {'how': 'a'}})
    with pytest.raises(Failure, match='not a data param'):
        build.build_xml(draft, {'inputs': {'how|a_text': ['x.txt']}})
    # A bare name of a branch param goes inside its conditional, as its flat key does.
    bare, _ = build.build_xml(draft, {'values': {'a_value': 4}})
    flat, _ = build.build_xml(draft, {'values': {'how|a_value': 4}})
    assert bare == flat and '<conditional name="how">' in bare.split('<tests>')[1]
    with pytest.raises(Failure, match='not an output'):
        build.build_xml(draft, {'outputs': {'how': 'x.txt'}})


def test_build_refuses_what_cannot_become_a_tool():
    bad_branch = draft_of([param('text', 't', dependsOn={'param': 'nowhere', 'value': 'x'})])
    with pytest.raises(Failure, match='is not in a branch of a condition'):
        build.build_xml(bad_branch)
    with pytest.raises(Failure, match='control character'):
        build.build_xml(draft_of([param('text', 't', default='a\x01b')]))
    with pytest.raises(Failure, match='six numbers'):
        build.build_xml(draft_of([param('3d_viewer_docking_box', 'box', default='1 2 3')]))
    with pytest.raises(Failure, match='info.macros: the root element is <tool>'):
        build.build_xml(draft_of(PARAMS['text'], macros='<tool/>'))
    done, answer = run_program('build', {'draft': draft_of([param('nonsense', 'x')])})
    assert (done.returncode, answer) == (1, None)
    assert done.stderr.strip() == "params.0: unknown param type 'nonsense'"


def test_unbuild_errors():
    with pytest.raises(Failure) as failure:
        unbuild.import_tool('<tool id="x"><inputs>')
    assert str(failure.value) == 'Failed to parse file: no element found: line 1, column 21'
    with pytest.raises(Failure) as failure:
        unbuild.import_tool('<macros><token name="@A@">1</token></macros>')
    assert str(failure.value) == 'Invalid XML: No tool element found'
    with pytest.raises(Failure) as failure:
        unbuild.import_tool('<tool id="x"><macros><import>macros.xml</import></macros></tool>')
    assert str(failure.value) == 'The tool imports macros.xml: give that file\'s text as "macros"'
    with pytest.raises(Failure, match='only a file beside the tool'):
        unbuild.import_tool('<tool id="x"><macros><import>../etc/macros.xml</import></macros></tool>', '<macros/>')
    with pytest.raises(Failure, match='No macro named nothing'):
        unbuild.import_tool('<tool id="x"><macros/><expand macro="nothing"/></tool>')
    done, answer = run_program('unbuild', {'xml': '<notool/>'})
    assert (done.returncode, answer) == (1, None)
    assert done.stderr.strip() == 'Invalid XML: No tool element found'
    done, answer = run_program('unbuild', {'xml': '<tool id="x" name="X" version="1" profile="22.05"/>'})
    assert done.returncode == 0 and answer['draft']['info']['toolId'] == 'x'
    assert answer['warnings'] == ['the tool has no <command>']


def test_what_the_builder_cannot_express_is_left_out_with_a_warning():
    xml = '''<tool id="x" name="X" version="1" profile="21.05" license="MIT">
    <stdio><exit_code range="1:"/></stdio>
    <command interpreter="python">run.py $a</command>
    <inputs>
        <param argument="--alpha" type="integer" value="1" medx_viewer="atom"/>
        <param name="h" type="hidden" value="1"/>
        <repeat name="rep" title="R"><param name="r" type="text"/></repeat>
        <section name="adv" title="Adv"><param name="s" type="text"/></section>
        <conditional name="c">
            <param name="pick" type="select"><option value="p">P</option></param>
            <when value="p">
                <conditional name="inner">
                    <param name="q" type="select"><option value="z">Z</option></param>
                </conditional>
                <param name="dup" type="text"/>
            </when>
            <when value="nope"><param name="lost" type="text"/></when>
        </conditional>
        <param name="dup" type="text"/>
        <param name="bools" type="boolean" truevalue="--yes" falsevalue=""/>
        <param name="t" type="text" area="true"><sanitizer invalid_char=""/><validator type="length" min="1"/></param>
        <param name="dyn" type="select"><options from_data_table="x"/></param>
    </inputs>
    <outputs>
        <data name="o" format="txt" from_work_dir="x.txt"><filter>True</filter></data>
        <collection name="pair" type="paired"/>
    </outputs>
    <citations/>
</tool>'''
    draft, warnings = unbuild.import_tool(xml)
    assert [p['name'] for p in draft['params']] == ['alpha', 'c', 'dup', 'bools', 't', 'o']
    text = '\n'.join(warnings)
    for expected in ('tool: attribute license', 'profile: 21.05 becomes 22.05', '<stdio> is left out',
                     '<command>: attribute interpreter', 'param alpha: argument="--alpha"',
                     'param alpha: attribute medx_viewer', 'param h: type hidden is left out',
                     'repeat rep is left out', 'section adv is left out', 'renamed c_selector',
                     'conditional inner inside conditional c is left out', 'param dup: the name dup is already taken',
                     '<when value="nope"> matches no option', 'truevalue="--yes" falsevalue=""',
                     'param t: area="true"', 'param t: validator length not kept', 'param t: <sanitizer> not kept',
                     'param dyn: dynamic options', 'output o: attribute from_work_dir not kept',
                     'output o: <filter> not kept', 'output pair (<collection type="paired">) is left out',
                     '<citations> is left out'):
        assert expected in text, expected
    params = by_name(draft['params'])
    assert params['dup']['dependsOn'] == {'param': 'c', 'value': 'p'}
    assert params['bools']['type'] == 'boolean' and params['alpha']['default'] == 1


# --- real wrappers: unbuild -> build, both loaded and compared ---

def _summary_param(p):
    keep = {'name', 'type', 'label', 'help', 'optional', 'viewer', 'format', 'multiple', 'value', 'min', 'max',
            'checked', 'truevalue', 'falsevalue', 'title'}
    out = {k: v for k, v in p.items() if k in keep}
    if p['type'] == 'select':
        out['options'] = p['options']
    if p['type'] == 'conditional':
        out['test_param'] = _summary_param(p['test_param'])
        # Galaxy treats a missing <when> as an empty one; the builder writes one per option.
        out['cases'] = {c['value']: [_summary_param(i) for i in c['inputs']] for c in p['cases'] if c['inputs']}
    if p['type'] in ('section', 'repeat'):
        out['inputs'] = [_summary_param(i) for i in p['inputs']]
    return out


def summary(tool):
    return {
        'id': tool['id'], 'name': tool['name'], 'version': tool['version'], 'description': tool['description'],
        'help': tool['help'], 'command': tool['command'], 'requirements': tool['requirements'],
        'configfiles': tool['configfiles'], 'stdio': tool['stdio'], 'tests': len(tool['tests']),
        'inputs': {p['name']: _summary_param(p) for p in tool['inputs']},
        'outputs': {o['name']: {k: o[k] for k in ('format', 'label', 'collection', 'filters', 'from_work_dir',
                                                  'format_source', 'discover')} for o in tool['outputs']},
    }


def differences(a, b, path=''):
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(set(a) | set(b), key=str)
                for d in differences(a.get(k), b.get(k), '%s.%s' % (path, k) if path else str(k))]
    return [] if a == b else [path]


def round_trip(tmp_path, tool_path, macros_name=None):
    """(original model, rebuilt model, warnings) of a wrapper."""
    macros = (tool_path.parent / macros_name).read_text() if macros_name else ''
    original = load_one(tool_path)
    draft, warnings = unbuild.import_tool(tool_path.read_text(), macros)
    xml, files = build.build_xml(draft)
    assert schema.validate(xml, files) == []
    rebuilt = built_tool(tmp_path, xml, files)
    return summary(original), summary(rebuilt), warnings, draft


def test_integer_default_a_galaxy_functional_tool_round_trips(tmp_path):
    before, after, warnings, _ = round_trip(tmp_path, FUNCTIONAL / 'integer_default.xml')
    assert differences(before, after) == ['tests']
    assert warnings == ['profile: none becomes 22.05 (a non-zero exit code fails the job, stderr does not)',
                        '<tests>: not imported (the builder writes them from a test run)']


def test_multi_select_a_galaxy_functional_tool_differs_where_the_warnings_say(tmp_path):
    before, after, warnings, draft = round_trip(tmp_path, FUNCTIONAL / 'multi_select.xml')
    assert differences(before, after) == ['configfiles', 'tests']
    assert '<configfiles> is left out (the builder cannot express it)' in warnings
    assert 'param select_ex: attribute display not kept (no builder field)' in warnings
    # display="checkboxes" implies multiple in Galaxy: written explicitly it loads the same.
    assert by_name(draft['params'])['select_ex']['multiple'] is True


def test_boolean_conditional_a_galaxy_functional_tool(tmp_path):
    before, after, warnings, draft = round_trip(tmp_path, FUNCTIONAL / 'boolean_conditional.xml')
    assert differences(before, after) == ['inputs.p1.cases.boolfalse', 'inputs.p1.test_param.checked',
                                          'inputs.p1.test_param.falsevalue', 'inputs.p1.test_param.multiple',
                                          'inputs.p1.test_param.name',
                                          'inputs.p1.test_param.options', 'inputs.p1.test_param.truevalue',
                                          'inputs.p1.test_param.type', 'tests']
    assert 'conditional p1: its boolean test param p1use becomes a select with the options booltrue and boolfalse' \
        in warnings
    assert any('renamed p1_selector' in w for w in warnings)
    assert 'param p1val: the name p1val is already taken (the builder needs unique names): left out' in warnings
    condition = by_name(draft['params'])['p1']
    assert [o['value'] for o in condition['options']] == ['booltrue', 'boolfalse']


def test_rdkit_descriptors_a_public_chemicaltoolbox_wrapper_keeps_its_tokens(tmp_path):
    before, after, warnings, draft = round_trip(tmp_path, CHEMISTRY / 'rdkit' / 'rdkit_descriptors.xml')
    assert differences(before, after) == ['inputs.header.falsevalue', 'inputs.header.truevalue', 'tests']
    assert 'param header: truevalue="--header" falsevalue="" become true/false (the command sees true or false)' \
        in warnings
    assert 'the command runs rdkit_descriptors.py from the tool\'s folder: add it under Scripts' in warnings
    # Inline tokens stay tokens; the version (which cannot hold '@') is expanded.
    assert draft['info']['macros'] == '@TOOL_VERSION@ 2020.03.4\n@GALAXY_VERSION@ 1'
    assert draft['info']['version'] == '2020.03.4+galaxy1'
    assert draft['dependencies'] == [{'name': 'rdkit', 'version': '@TOOL_VERSION@', 'channel': ''}]


def test_our_pdb_to_fasta_wrapper(tmp_path):
    before, after, warnings, _ = round_trip(tmp_path, TOOLS / 'structure_sequence' / 'pdb_to_fasta.xml')
    assert differences(before, after) == ['stdio.exit_codes', 'tests']
    assert '<stdio> is left out (the builder cannot express it)' in warnings
    assert 'param name: validator regex not kept' in warnings


def test_our_vina_box_wrapper_with_macros_and_a_residue_viewer(tmp_path):
    before, after, warnings, draft = round_trip(tmp_path, TOOLS / 'vina' / 'box.xml', 'macros.xml')
    diffs = differences(before, after)
    assert diffs == ['inputs.around.test_param.name', 'inputs.size.test_param.name', 'stdio.exit_codes', 'tests']
    assert warnings[0].startswith('macros: expanded into the draft')
    assert any('its test param by is renamed around_selector' in w for w in warnings)
    assert '<citations> is left out (the builder cannot express it)' in warnings
    params = by_name(draft['params'])
    assert params['residues']['type'] == '3d_viewer_residue'
    assert params['residues']['dependsOn'] == {'param': 'around', 'value': 'residues'}
    assert draft['info']['version'] == '1.2.3+medx0' and draft['info']['macros'] == ''


def test_the_public_vina_docking_wrapper_imports_with_warnings(tmp_path):
    path = CHEMISTRY / 'autodock_vina' / 'docking.xml'
    draft, warnings = unbuild.import_tool(path.read_text(), '')
    assert draft['info']['toolId'] == 'docking'
    assert 'section settings is left out (the builder has no sections; params scoring, num_modes, min_rmsd, ' \
        'energy_range)' in warnings
    assert any(w.startswith('conditional seed inside conditional config_params is left out') for w in warnings)
    xml, files = build.build_xml(draft)
    assert schema.validate(xml, files) == []


def test_a_docking_box_in_a_branch_and_its_test_keys(tmp_path):
    params = [param('condition', 'site', options=options('box', 'file'), default='box'),
              param('3d_viewer_docking_box', 'box', label='Box', dependsOn={'param': 'site', 'value': 'box'}),
              param('data', 'config', fileTypes=[{'format': 'txt', 'label': 'txt'}],
                    dependsOn={'param': 'site', 'value': 'file'})]
    draft = draft_of(params)
    draft['commandBlocks'][0]['content'] = "echo $site.box.box_center_x > '$out'"
    xml, files = build.build_xml(draft, {'values': {'site|site_selector': 'box', 'site|box|box_size_x': 10}})
    assert schema.validate(xml, files) == []
    tool = built_tool(tmp_path, xml, files)
    assert tool['tests'][0]['params']['site']['box']['box_size_x'] == 10
    back, warnings = unbuild.import_tool(xml)
    assert warnings == ['<tests>: not imported (the builder writes them from a test run)']
    assert back['params'] == build.with_defaults(draft)['params']


def test_a_copy_of_a_draft_is_not_changed_by_build():
    draft = draft_of(PARAMS['condition'])
    kept = copy.deepcopy(draft)
    build.build_xml(draft)
    assert draft == kept


def test_unbuild_through_the_command_line_gives_a_full_draft(tmp_path):
    xml, files = build.build_xml(draft_of(PARAMS['select']))
    done, answer = run_program('unbuild', {'xml': xml})
    assert done.returncode == 0, done.stderr
    assert set(answer['draft']) == {'info', 'dependencies', 'params', 'values', 'commandBlocks', 'scripts', 'test'}
    assert answer['draft']['params'][0]['options'] == options('fast', 'slow')


def test_imports_cannot_reach_files_outside_the_given_ones(tmp_path):
    secret = write(tmp_path / 'secret.xml', '<macros><token name="@KIND@">s3cret</token></macros>')
    tool = ('<tool id="t" name="T" version="1"><macros><import>%s</import></macros><command>x</command>'
            '<inputs><param name="n" type="@KIND@"/></inputs><outputs/></tool>')
    errors = schema.validate(tool % secret)
    assert errors == ['line 1: <import>%s</import>: a macros file must be a file beside the tool' % secret]
    nested = '<macros><import>../secret.xml</import></macros>'
    assert schema.validate(tool % 'macros.xml', {'macros.xml': nested}) == [
        'line 1: <import>../secret.xml</import>: a macros file must be a file beside the tool']
    assert not any('s3cret' in e for e in errors)
    with pytest.raises(Failure, match="The macros file imports '../secret.xml'"):
        unbuild.import_tool(tool % 'macros.xml', nested)


def test_a_missing_version_is_the_contract_default_and_an_empty_one_is_refused():
    draft = draft_of(PARAMS['text'])
    del draft['info']['version']
    assert 'version="1.0.0"' in build.build_xml(draft)[0]
    draft['info']['version'] = ''
    with pytest.raises(Failure, match='info.version is required'):
        build.build_xml(draft)
