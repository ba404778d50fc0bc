"""Real ChemicalToolBox wrappers (tests/galaxy_data/chemistry, from bgruening/galaxytools): load them with their
macros and tokens, and render their command lines for given values."""
from pathlib import Path

import pytest

from medx_galaxy.cli import Failure
from medx_galaxy.load import load
from medx_galaxy.render import render

CHEMISTRY = Path(__file__).resolve().parents[1] / 'galaxy_data' / 'chemistry'


@pytest.fixture(scope='module')
def tools():
    answer = load({'paths': [str(CHEMISTRY)]})
    assert answer['errors'] == []
    return {tool['id']: tool for tool in answer['tools']}


def dataset(path, ext, name=None, **metadata):
    return [{'path': path, 'ext': ext, 'name': name or Path(path).name, 'metadata': metadata}]


def command(tool, values, outputs):
    return render({'tool': tool, 'values': values, 'outputs': outputs, 'job_dir': '/job',
                   'working_dir': '/job/working', 'slots': 4})['command']


def test_the_wrappers_load_with_their_macros_and_tokens(tools):
    assert sorted(tools) == ['ctb_rdkit_descriptors', 'docking', 'openbabel_compound_convert']
    assert tools['openbabel_compound_convert']['version'] == '3.1.1+galaxy2'   # tokens from the imported macros.xml
    assert tools['docking']['version'] == '1.2.3+galaxy0'
    assert {'type': 'package', 'name': 'openbabel', 'version': '3.1.1'} in tools['openbabel_compound_convert'][
        'requirements']
    docking = tools['docking']
    names = ['receptor', 'ligands', 'flex', 'ph_value', 'config_params', 'settings', 'output']
    assert [p['name'] for p in docking['inputs']] == names
    ligands = docking['inputs'][1]
    assert ligands['type'] == 'data' and ligands['format'] == ['sdf', 'pdbqt']
    assert [case['value'] for case in docking['inputs'][4]['cases']] == ['vals', 'file']
    assert len(docking['tests']) == 5
    assert docking['tests'][0]['params']['ligands'] == [{'file': 'input_ligands.sdf', 'ftype': None}]


def test_openbabel_convert_to_mol2(tools):
    line = command(tools['openbabel_compound_convert'],
                   {'infile': dataset('/data/in.sdf', 'sdf'), 'oformat': {'oformat_opts_selector': 'mol2'},
                    'ph': 7.4, 'remove_h': True},
                   {'outfile': {'path': '/job/out.mol2', 'ext': 'mol2'}})
    assert line == "obabel -i 'sdf'  '/data/in.sdf' -o 'mol2' -O '/job/out.mol2' -e        -d   -p 7.4"


def test_openbabel_split_into_pdbqt_files(tools):
    line = command(tools['openbabel_compound_convert'],
                   {'infile': dataset('/data/two.smi', 'smi'), 'oformat': {'oformat_opts_selector': 'pdbqt'},
                    'split': True},
                   {'outfile': {'path': '/job/out', 'ext': 'pdbqt'}})
    assert line.startswith("mkdir output &&  obabel -i 'smi'  '/data/two.smi' -o 'pdbqt' -O 'output/molecule.pdbqt' -m")


def test_rdkit_descriptors_with_a_subset_and_header(tools):
    tool = tools['ctb_rdkit_descriptors']
    line = command(tool, {'infile': dataset('/data/in.sdf', 'sdf'), 'header': True,
                          'select_multiple': ['MolWt', 'MolLogP']},
                   {'outfile': {'path': '/job/out.tab', 'ext': 'tabular'}})
    assert line == ("python '%s/rdkit_descriptors.py' -i '/data/in.sdf' --iformat 'sdf' -o '/job/out.tab' "
                    "-s 'MolWt,MolLogP' --header" % tool['tool_dir'])
    # No subset, no header: the optional parts disappear.
    line = command(tool, {'infile': dataset('/data/in.smi', 'smi')}, {'outfile': {'path': '/o', 'ext': 'tabular'}})
    assert line == "python '%s/rdkit_descriptors.py' -i '/data/in.smi' --iformat 'smi' -o '/o'" % tool['tool_dir']


def test_rdkit_descriptors_refuses_a_descriptor_that_is_not_an_option(tools):
    with pytest.raises(Failure, match='not one of its options'):
        command(tools['ctb_rdkit_descriptors'], {'infile': dataset('/d/in.sdf', 'sdf'),
                                                 'select_multiple': ["MolWt'; rm -rf /; '"]},
                {'outfile': {'path': '/o', 'ext': 'tabular'}})


def test_vina_docking_with_a_box_and_seed(tools):
    tool = tools['docking']
    line = command(tool, {
        'receptor': dataset('/data/rec.pdbqt', 'pdbqt'), 'ligands': dataset('/data/lig.sdf', 'sdf'),
        'config_params': {'config_params': 'vals', 'center_x': 1.5, 'center_y': -2, 'center_z': 3.25,
                          'size_x': 20, 'size_y': 20, 'size_z': 22, 'exh': 8,
                          'seed': {'seed': True, 'seed_value': 42}},
        'settings': {'num_modes': 9}}, {'output': {'path': '/job/o', 'ext': 'data'}})
    assert line == (
        "obabel -isdf '/data/lig.sdf' -O ligand.pdbqt -m -p 7.4 && mkdir output && ls ligand*.pdbqt | "
        "parallel --will-cite -j ${GALAXY_SLOTS:-1} $'OUTNAME={.}_docked && vina --receptor \\'/data/rec.pdbqt\\' "
        "--ligand {} --out ./${OUTNAME}.pdbqt --cpu 1 --verbosity 2 --center_x 1.5 --center_y -2.0 "
        "--center_z 3.25 --size_x 20.0 --size_y 20.0 --size_z 22.0 --exhaustiveness 8 --seed 42 "
        "--num_modes \\'9\\' && python \\'%s/convert_pdbqt_to_sdf.py\\' ./${OUTNAME}.pdbqt "
        "output/${OUTNAME}.sdf '" % tool['tool_dir'])


def test_vina_docking_a_pdbqt_ligand_with_a_config_file(tools):
    tool = tools['docking']
    line = command(tool, {
        'receptor': dataset('/data/rec.pdbqt', 'pdbqt'), 'ligands': dataset('/data/lig.pdbqt', 'pdbqt'),
        'config_params': {'config_params': 'file', 'box': dataset('/data/box.txt', 'txt')},
        'settings': {'scoring': 'vinardo'}}, {'output': {'path': '/job/o', 'ext': 'data'}})
    assert line.startswith("ln -s '/data/lig.pdbqt' ligand1.pdbqt && mkdir output && ")
    assert "--cpu 1 --verbosity 2 --config /data/box.txt --scoring \\'vinardo\\'" in line
    assert '--exhaustiveness' not in line and '--seed' not in line


def test_the_docking_script_sets_galaxy_slots(tools):
    answer = render({'tool': tools['docking'], 'outputs': {'output': {'path': '/o', 'ext': 'data'}},
                     'values': {'receptor': dataset('/r.pdbqt', 'pdbqt'), 'ligands': dataset('/l.pdbqt', 'pdbqt'),
                                'config_params': {'config_params': 'file', 'box': dataset('/b.txt', 'txt')}},
                     'job_dir': '/job', 'working_dir': '/job/working', 'slots': 6})
    lines = answer['script'].splitlines()
    # No profile: a legacy tool, so no `set -e` and no job HOME (Galaxy's defaults before 20.09 / 18.01).
    assert lines[:2] == ['#!/bin/bash', 'export GALAXY_SLOTS=6']
    assert lines[2] == answer['command']
