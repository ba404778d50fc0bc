"""Macros and tokens as Galaxy expands them (cases after galaxyproject/galaxy test/unit/tool_util/test_tool_loader.py),
and through load into the ToolModel."""
import re
import xml.etree.ElementTree as ET

import pytest
from galaxy_helpers import write

from medx_galaxy import macros, xmlread
from medx_galaxy.load import load


def expanded(tmp_path, text, **others):
    for name, content in others.items():
        write(tmp_path / (name + '.xml'), content)
    path = write(tmp_path / 'tool.xml', text)
    root = xmlread.parse(str(path))
    templates = macros.expand(root, str(path))
    return root, templates


def shape(element):
    """The element tree without whitespace, to compare structures."""
    return re.sub(r'>\s+<', '><', ET.tostring(element, encoding='unicode')).strip()


def test_simple_expand_and_xml_shortcut(tmp_path):
    root, _ = expanded(tmp_path, '''<tool><expand macro="inputs"/><expand macro="outs"/>
  <macros><macro name="inputs"><inputs/></macro><xml name="outs"><outputs/></xml></macros></tool>''')
    assert root.find('inputs') is not None and root.find('outputs') is not None
    assert root.find('expand') is None


def test_unnamed_yields_nested_macros(tmp_path):
    root, _ = expanded(tmp_path, '''<tool>
  <expand macro="inputs"><input name="first_input"/></expand>
  <expand macro="inputs"><input name="second_input"/></expand>
  <macros>
    <macro name="inputs"><expand macro="foo"><yield/></expand></macro>
    <macro name="foo"><inputs><yield/></inputs></macro>
  </macros></tool>''')
    assert [i.find('input').get('name') for i in root.findall('inputs')] == ['first_input', 'second_input']


def test_yield_repeated_in_an_inner_macro(tmp_path):
    root, _ = expanded(tmp_path, '''<tool><macros>
    <macro name="paired_options"><when value="paired"><yield/></when><when value="collection"><yield/></when></macro>
    <macro name="general"><conditional name="library"><expand macro="paired_options"><yield/></expand></conditional>
    </macro></macros>
  <inputs><expand macro="general"><param name="test"/></expand></inputs></tool>''')
    whens = root.findall('inputs/conditional/when')
    assert [w.find('param').get('name') for w in whens] == ['test', 'test']


def test_recursive_expansion_keeps_the_order(tmp_path):
    root, _ = expanded(tmp_path, '''<tool>
  <expand macro="inputs"><input name="first_input"/><expand macro="second"/></expand>
  <macros>
    <macro name="inputs"><inputs><yield/></inputs></macro>
    <macro name="second"><expand macro="second_delegate"/><input name="third_input"/></macro>
    <macro name="second_delegate"><input name="second_input"/></macro>
  </macros></tool>''')
    assert [i.get('name') for i in root.findall('inputs/input')] == ['first_input', 'second_input', 'third_input']


def test_top_level_yield(tmp_path):
    root, _ = expanded(tmp_path, '''<tool><macros>
    <macro name="a"><param name="a1" type="text"/><yield/></macro></macros>
  <inputs><expand macro="a"><param name="b" type="text"/></expand></inputs></tool>''')
    assert [p.get('name') for p in root.findall('inputs/param')] == ['a1', 'b']


def test_tokens_in_text_attributes_and_attribute_names(tmp_path):
    root, _ = expanded(tmp_path, '''<tool><macros>
    <token name="@WIZARD@">Ab@HELPER@ra</token><token name="@HELPER@">ra@WITCH@ab</token>
    <token name="@WITCH@">cad</token><token name="@VAL@">The value.</token><token name="__ATTR">name</token>
    <token name="@EMPTY@"><![CDATA[]]></token></macros>
  <help>@WIZARD@</help><another><tag value="@VAL@" __ATTR="blah" other="@EMPTY@"/></another></tool>''')
    assert root.find('help').text == 'Abracadabra'
    tag = root.find('another/tag')
    assert tag.get('value') == 'The value.' and tag.get('name') == 'blah' and tag.get('other') == ''


def test_a_token_cycle_is_an_error(tmp_path):
    with pytest.raises(macros.MacroError, match="Token '@IS@' cannot contain itself"):
        expanded(tmp_path, '''<tool><macros><token name="@A@">a @ROSE@</token><token name="@ROSE@">rose @IS@</token>
      <token name="@IS@">a @A@</token></macros><help>@A@</help></tool>''')


def test_macro_parameters_with_defaults_and_quote(tmp_path):
    root, _ = expanded(tmp_path, '''<tool>
  <expand macro="inputs" foo="hello"/><expand macro="inputs"/>
  <expand macro="typed" bar="my awesome"/>
  <macros>
    <xml name="inputs" token_foo="the_default"><expand macro="real"><cow>@FOO@</cow></expand></xml>
    <xml name="real"><inputs><yield/></inputs></xml>
    <xml name="typed" tokens="bar" token_quote="$$"><outputs type="the type is $$BAR$$"/></xml>
  </macros></tool>''')
    assert [i.find('cow').text for i in root.findall('inputs')] == ['hello', 'the_default']
    assert root.find('outputs').get('type') == 'the type is my awesome'


def test_a_missing_required_macro_parameter(tmp_path):
    with pytest.raises(macros.MacroError, match=r'missing required parameter \[bar\]'):
        expanded(tmp_path, '<tool><expand macro="m"/><macros><xml name="m" tokens="bar"><x/></xml></macros></tool>')


def test_named_and_unnamed_yields(tmp_path):
    root, _ = expanded(tmp_path, '''<tool><macros><xml name="test">
      <A><yield/></A><yield name="token1"/><B><yield/><yield name="token2"/></B></xml></macros>
  <expand macro="test">
    <token name="token1"><content_of_token1/><more_content_of_token1/></token>
    <sub_of_expand_1/>
    <token name="token2"><content_of_token2/><more_content_of_token2/></token>
    <sub_of_expand_2/>
  </expand></tool>''')
    assert shape(root) == (
        '<tool><macros /><A><sub_of_expand_1 /><sub_of_expand_2 /></A><content_of_token1 />'
        '<more_content_of_token1 /><B><sub_of_expand_1 /><sub_of_expand_2 /><content_of_token2 />'
        '<more_content_of_token2 /></B></tool>')


def test_named_yields_are_replaced_in_token_order(tmp_path):
    root, _ = expanded(tmp_path, '''<tool><macros><xml name="test"><A><yield name="token1"/></A></xml></macros>
  <expand macro="test">
    <token name="token1"><T1><yield name="token2"/></T1></token>
    <token name="token2"><T2><yield/></T2></token>
    <T/>
  </expand></tool>''')
    assert shape(root) == '<tool><macros /><A><T1><T2><T /></T2></T1></A></tool>'


def test_a_nested_macro_named_by_a_token_from_an_imported_file(tmp_path):
    root, _ = expanded(tmp_path, '''<tool><macros><import>external.xml</import></macros>
  <expand macro="testp" token_name="a"/><expand macro="testp" token_name="b"/></tool>''', external='''<macros>
  <xml name="a"><A/></xml><xml name="b"><B/></xml>
  <xml name="testp" tokens="token_name"><expand macro="@TOKEN_NAME@"/></xml></macros>''')
    assert shape(root) == '<tool><macros /><A /><B /></tool>'


def test_circular_macros_are_detected(tmp_path):
    with pytest.raises(macros.MacroError, match=r"Cycle in nested macros: already expanded \['a', 'b'\] can't "
                                                r"expand 'a' again"):
        expanded(tmp_path, '''<tool><macros><xml name="a"><A><expand macro="b"/></A></xml>
      <xml name="b"><B><expand macro="a"/></B></xml></macros><expand macro="a"/></tool>''')


def test_template_macros_reach_the_command(tmp_path):
    path = write(tmp_path / 'tool.xml', '''<tool id="t" name="T" version="1">
  <macros><template name="tool_params">-a 1 -b $x</template></macros>
  <command>run #include source=$tool_params
</command>
  <inputs><param name="x" type="integer" value="2"/></inputs></tool>''')
    tool = load({'paths': [str(path)]})['tools'][0]
    assert tool['template_macros'] == {'tool_params': '-a 1 -b $x'}
    from medx_galaxy.render import render
    answer = render({'tool': tool, 'values': {'x': 5}, 'outputs': {}, 'job_dir': str(tmp_path),
                     'working_dir': str(tmp_path), 'slots': 1})
    assert answer['command'] == 'run -a 1 -b 5'


def test_macros_from_an_imported_file_in_a_tool_model(tmp_path):
    write(tmp_path / 'macros.xml', '''<macros>
  <token name="@TOOL_VERSION@">3.1.1</token><token name="@GALAXY_VERSION@">2</token>
  <xml name="requirements"><requirements><requirement type="package" version="@TOOL_VERSION@">openbabel</requirement>
    <yield/></requirements></xml>
  <xml name="infile" token_format="sdf,mol2">
    <param name="infile" type="data" format="@FORMAT@" label="Molecules"/></xml>
</macros>''')
    path = write(tmp_path / 'tool.xml', '''<tool id="ob" name="OB" version="@TOOL_VERSION@+galaxy@GALAXY_VERSION@">
  <macros><import>macros.xml</import></macros>
  <expand macro="requirements"><requirement type="package" version="3.9">python</requirement></expand>
  <command>obabel '$infile'</command>
  <inputs><expand macro="infile"/><expand macro="infile" format="smi"/></inputs></tool>''')
    answer = load({'paths': [str(path)]})
    assert answer['errors'] == []
    tool = answer['tools'][0]
    assert tool['version'] == '3.1.1+galaxy2'
    assert tool['requirements'] == [{'type': 'package', 'name': 'openbabel', 'version': '3.1.1'},
                                    {'type': 'package', 'name': 'python', 'version': '3.9'}]
    assert [p['format'] for p in tool['inputs']] == [['sdf', 'mol2'], ['smi']]
