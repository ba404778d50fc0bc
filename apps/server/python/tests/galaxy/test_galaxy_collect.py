"""collect: filters, from_work_dir, formats, discover_datasets and labels."""
import os

from galaxy_helpers import run_program, write

from medx_galaxy.collect import collect
from medx_galaxy.load import load

TOOL = '''<tool id="t" name="Dock" version="1" profile="21.01">
  <command>true</command>
  <inputs>
    <param name="receptor" type="data" format="pdbqt,pdb"/>
    <param name="ligands" type="data" format="sdf,mol2" multiple="true"/>
    <param name="keep_log" type="boolean"/>
    <conditional name="options"><param name="selection_mode" type="select">
        <option value="all"/><option value="best"/></param>
      <when value="all"/><when value="best"><param name="out_format" type="select">
        <option value="sdf"/><option value="pdb"/></param></when></conditional>
  </inputs>
  <outputs>
    <data name="poses" format="sdf" from_work_dir="out/poses.sdf" label="${tool.name} poses on ${on_string}"/>
    <data name="log" format="txt" from_work_dir="*.log"><filter>keep_log</filter></data>
    <data name="best" format="sdf"><filter>options['selection_mode'] == 'best'</filter>
      <change_format><when input="options|out_format" value="pdb" format="pdb"/></change_format></data>
    <data name="prepared" format_source="receptor" from_work_dir="../escape.txt"/>
    <data name="broken_filter" format="txt"><filter>undefined_name > 3</filter></data>
    <data name="same_as_input" format="input"/>
    <data name="split" format="txt">
      <discover_datasets pattern="__designation_and_ext__" directory="split" visible="true"/>
    </data>
    <collection name="models" type="list" format="pdbqt">
      <discover_datasets pattern="model_(?P&lt;designation&gt;\\d+)\\.pdbqt" directory="models"
        sort_by="numeric_designation"/>
    </collection>
  </outputs>
</tool>'''


def run(tmp_path, values, files, outputs=None):
    tool = load({'paths': [str(write(tmp_path / 'tool.xml', TOOL))]})['tools'][0]
    working = tmp_path / 'working'
    for name, text in files.items():
        write(working / name, text)
    if outputs is None:
        outputs = {o['name']: {'path': str(tmp_path / 'outputs' / o['name']), 'ext': o['format'] or 'data'}
                   for o in tool['outputs'] if not o['collection']}
    os.makedirs(tmp_path / 'outputs', exist_ok=True)
    return collect({'tool': tool, 'values': values, 'outputs': outputs, 'working_dir': str(working)})


def dataset(name, ext, hid=None):
    return {'path': '/in/' + name, 'ext': ext, 'name': name, 'metadata': {}, 'hid': hid}


VALUES = {'receptor': [dataset('rec.pdb', 'pdb', hid=1)], 'ligands': [dataset('a.sdf', 'sdf', 2)],
          'keep_log': False, 'options': {'selection_mode': 'all'}}


def by_name(answer):
    return {(o['name'], o.get('designation')): o for o in answer['outputs']}


def test_filters_formats_and_from_work_dir(tmp_path):
    answer = run(tmp_path, VALUES, {'out/poses.sdf': 'poses', 'run.log': 'log', 'split/a.mol2': 'A',
                                    'split/b.sdf': 'B', 'models/model_10.pdbqt': '10', 'models/model_2.pdbqt': '2'})
    found = by_name(answer)
    # Filtered out: log (keep_log false), best (selection_mode all). broken_filter's error keeps it, as Galaxy.
    assert ('log', None) not in found and ('best', None) not in found
    assert sorted(answer['missing']) == ['broken_filter', 'prepared', 'same_as_input', 'split']
    poses = found[('poses', None)]
    assert poses['path'] == str(tmp_path / 'outputs' / 'poses') and open(poses['path']).read() == 'poses'
    assert not (tmp_path / 'working' / 'out' / 'poses.sdf').exists()     # moved into place
    assert poses['label'] == 'Dock poses on data 1 and data 2' and poses['ext'] == 'sdf'
    assert found[('split', 'a')]['ext'] == 'mol2' and found[('split', 'b')]['discovered'] is True
    models = [o for o in answer['outputs'] if o['name'] == 'models']
    assert [m['designation'] for m in models] == ['2', '10'] and {m['ext'] for m in models} == {'pdbqt'}


def test_format_source_input_change_format_and_filters_on_values(tmp_path):
    values = dict(VALUES, keep_log=True, options={'selection_mode': 'best', 'out_format': 'pdb'})
    answer = run(tmp_path, values, {'out/poses.sdf': 'p', 'run.log': 'l'})
    found = by_name(answer)
    assert found[('log', None)]['path'] == str(tmp_path / 'outputs' / 'log')
    assert 'best' in answer['missing']                       # not filtered out, but not written
    write(tmp_path / 'outputs' / 'best', 'x')
    write(tmp_path / 'outputs' / 'prepared', 'x')
    write(tmp_path / 'outputs' / 'same_as_input', 'x')
    found = by_name(run(tmp_path, values, {}))
    assert found[('best', None)]['ext'] == 'pdb'             # change_format
    assert found[('prepared', None)]['ext'] == 'pdb'         # format_source="receptor"
    assert found[('same_as_input', None)]['ext'] == 'pdb'    # format="input": the first data input
    assert found[('prepared', None)]['label'] == 'Dock on data 1 and data 2: prepared'


def test_from_work_dir_never_leaves_the_working_directory(tmp_path):
    write(tmp_path / 'escape.txt', 'secret')
    answer = run(tmp_path, VALUES, {})
    assert 'prepared' in answer['missing']
    assert (tmp_path / 'escape.txt').exists() and not (tmp_path / 'outputs' / 'prepared').exists()


def test_without_output_paths_from_work_dir_files_stay_in_place(tmp_path):
    answer = run(tmp_path, VALUES, {'out/poses.sdf': 'p'}, outputs={})
    poses = by_name(answer)[('poses', None)]
    assert poses['path'] == str(tmp_path / 'working' / 'out' / 'poses.sdf')


def test_assign_primary_output_and_the_legacy_default_pattern(tmp_path):
    tool_xml = '''<tool id="m" name="M" version="1"><command>true</command><outputs>
      <data name="report" format="txt"/>
      <data name="sample" format="tabular"><discover_datasets pattern="(?P&lt;designation&gt;.+)\\.report\\.tsv"
        ext="tabular" visible="true" assign_primary_output="true"/></data></outputs></tool>'''
    tool = load({'paths': [str(write(tmp_path / 'm.xml', tool_xml))]})['tools'][0]
    working = tmp_path / 'w'
    for name, text in {'s1.report.tsv': '1', 's2.report.tsv': '2', 'primary_1_world_visible_txt': 'W'}.items():
        write(working / name, text)
    write(tmp_path / 'o' / 'report', 'r')
    outputs = {'report': {'path': str(tmp_path / 'o' / 'report'), 'ext': 'txt'},
               'sample': {'path': str(tmp_path / 'o' / 'sample'), 'ext': 'tabular'}}
    answer = collect({'tool': tool, 'values': {}, 'outputs': outputs, 'working_dir': str(working)})
    found = by_name(answer)
    assert open(found[('sample', None)]['path']).read() == '1'     # the first match became the output
    assert [d for (n, d) in found if n == 'sample' and d] == ['s2']
    world = found[('report', 'world')]                              # legacy: primary_<id>_<designation>_...
    assert world['ext'] == 'txt' and world['visible'] is True and open(world['path']).read() == 'W'


def test_collect_through_the_command_line(tmp_path):
    tool = load({'paths': [str(write(tmp_path / 'tool.xml', TOOL))]})['tools'][0]
    done, answer = run_program('collect', {'tool': tool, 'values': VALUES, 'outputs': {},
                                           'working_dir': str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert 'poses' in answer['missing']


def test_change_format_reaches_into_a_conditional_with_a_dot_as_galaxy_evaluates_it(tmp_path):
    dotted = TOOL.replace('input="options|out_format"', 'input="options.out_format"')
    tool = load({'paths': [str(write(tmp_path / 'tool.xml', dotted))]})['tools'][0]
    write(tmp_path / 'outputs' / 'best', 'x')
    values = dict(VALUES, options={'selection_mode': 'best', 'out_format': 'pdb'})
    answer = collect({'tool': tool, 'values': values, 'working_dir': str(tmp_path / 'working'),
                      'outputs': {'best': {'path': str(tmp_path / 'outputs' / 'best'), 'ext': 'sdf'}}})
    assert by_name(answer)[('best', None)]['ext'] == 'pdb'
