"""conda: the packages a conda package, a Galaxy requirements XML or an environment.yml (in a zip) names."""
import bz2
import io
import json
import tarfile
import zipfile

import pytest
from galaxy_helpers import run_program, write

from medx_galaxy.cli import Failure
from medx_galaxy.conda import conda, parse_environment

INDEX = {'name': 'medx-demo', 'version': '1.4.2', 'build': 'py_0', 'subdir': 'noarch',
         'depends': ['python >=3.8', 'numpy 1.21.* py39_0', 'rdkit', 'openbabel >=3.1,<4']}


def tar_bz2(path, members):
    """A .tar.bz2 with members [(name, bytes or None for a symlink)] (a conda package's layout)."""
    with tarfile.open(path, 'w:bz2') as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            if data is None:
                info.type, info.linkname = tarfile.SYMTYPE, 'elsewhere'
                archive.addfile(info)
            else:
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    return str(path)


def zip_of(path, members):
    with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return str(path)


def fails(path, name):
    with pytest.raises(Failure) as failure:
        conda({'path': str(path), 'name': name})
    return str(failure.value)


def test_a_conda_package_gives_itself_then_its_depends(tmp_path):
    path = tar_bz2(tmp_path / 'p.tar.bz2', [('info/index.json', json.dumps(INDEX).encode()),
                                            ('site-packages/demo/__init__.py', b'')])
    assert conda({'path': path, 'name': 'medx-demo-1.4.2-py_0.tar.bz2'}) == {'dependencies': [
        {'name': 'medx-demo', 'version': '1.4.2', 'channel': ''},
        {'name': 'python', 'version': '>=3.8', 'channel': ''},
        {'name': 'numpy', 'version': '1.21.*', 'channel': ''},
        {'name': 'rdkit', 'version': '', 'channel': ''},
        {'name': 'openbabel', 'version': '>=3.1,<4', 'channel': ''},
    ]}


def test_the_index_may_be_written_with_a_leading_dot_and_the_extension_is_case_blind(tmp_path):
    path = tar_bz2(tmp_path / 'p.bz2', [('./info/index.json', json.dumps({'name': 'x', 'version': '2'}).encode())])
    assert conda({'path': path, 'name': 'X.TAR.BZ2'})['dependencies'] == [{'name': 'x', 'version': '2',
                                                                          'channel': ''}]


def test_a_traversal_member_anywhere_refuses_the_package_and_nothing_is_written(tmp_path):
    index = ('info/index.json', json.dumps(INDEX).encode())
    before = sorted(p.name for p in tmp_path.iterdir())
    path = tar_bz2(tmp_path / 'evil.tar.bz2', [index, ('../../evil.sh', b'rm -rf /')])
    assert fails(path, 'evil.tar.bz2') == 'not a conda package: the archive has a member outside its folder: ' \
                                          '../../evil.sh'
    absolute = tar_bz2(tmp_path / 'abs.tar.bz2', [('/etc/cron.d/x', b'x'), index])
    assert fails(absolute, 'abs.tar.bz2') == 'not a conda package: the archive has a member outside its folder: ' \
                                             '/etc/cron.d/x'
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(before + ['evil.tar.bz2', 'abs.tar.bz2'])


def test_what_is_not_a_conda_package(tmp_path):
    no_index = tar_bz2(tmp_path / 'a.tar.bz2', [('info/about.json', b'{}')])
    assert fails(no_index, 'a.tar.bz2') == 'not a conda package: no info/index.json in the archive'
    link = tar_bz2(tmp_path / 'b.tar.bz2', [('info/index.json', None)])
    assert fails(link, 'b.tar.bz2') == 'not a conda package: info/index.json is not a regular file'
    big = tar_bz2(tmp_path / 'c.tar.bz2', [('info/index.json', b' ' * (1024 * 1024 + 1))])
    assert fails(big, 'c.tar.bz2') == 'not a conda package: info/index.json is larger than 1 MB'
    not_json = tar_bz2(tmp_path / 'd.tar.bz2', [('info/index.json', b'{name')])
    assert fails(not_json, 'd.tar.bz2').startswith('not a conda package: info/index.json is not JSON')
    nameless = tar_bz2(tmp_path / 'e.tar.bz2', [('info/index.json', b'{"version": "1"}')])
    assert fails(nameless, 'e.tar.bz2') == 'not a conda package: info/index.json has no package name'
    plain = write(tmp_path / 'f.bz2', '')
    plain.write_bytes(bz2.compress(b'just text'))
    assert fails(plain, 'f.bz2').startswith('not a conda package: not a tar.bz2 archive')
    text = write(tmp_path / 'g.txt', 'hello')
    assert fails(text, 'g.txt') == 'not a conda package: g.txt is not a .tar.bz2, .xml, .zip or environment file'
    assert fails(text, 'pkg.conda').startswith('.conda packages (zstd-compressed) are not supported')


def test_galaxy_requirements_in_a_macros_file_with_their_tokens(tmp_path):
    path = write(tmp_path / 'macros.xml', '''<macros>
    <token name="@TOOL_VERSION@">1.2.3</token>
    <xml name="requirements">
        <requirements>
            <requirement type="package" version="@TOOL_VERSION@">autodock-vina</requirement>
            <requirement type="package">openbabel</requirement>
            <requirement type="set_environment">VINA_HOME</requirement>
            <yield/>
        </requirements>
    </xml>
</macros>''')
    assert conda({'path': str(path), 'name': 'macros.xml'})['dependencies'] == [
        {'name': 'autodock-vina', 'version': '1.2.3', 'channel': ''},
        {'name': 'openbabel', 'version': '', 'channel': ''}]
    empty = write(tmp_path / 'tool.xml', '<tool id="x"><requirements/></tool>')
    assert fails(empty, 'tool.xml') == 'not a conda package: no <requirement type="package"> in the XML'
    broken = write(tmp_path / 'broken.xml', '<tool id="x"><requirements>')
    assert fails(broken, 'broken.xml').startswith('not a conda package: not well-formed XML (no element found')


ENVIRONMENT = '''# the tool's environment
name: medx-tool
channels:
  - conda-forge   # first: the default channel
  - bioconda
dependencies:
  - python=3.11
  - "rdkit>=2022.09"
  - bioconda::autodock-vina=1.2.3=h1234_0
  - openbabel
  - pip
  - pip:
      - not-conda==1.0
'''


def test_an_environment_file_in_a_zip(tmp_path):
    path = zip_of(tmp_path / 'env.zip', [('tool/README.md', 'x'), ('tool/environment.yml', ENVIRONMENT),
                                         ('tool/deeper/environment.yml', 'dependencies:\n  - wrong\n')])
    assert conda({'path': path, 'name': 'env.zip'})['dependencies'] == [
        {'name': 'python', 'version': '3.11', 'channel': 'conda-forge'},
        {'name': 'rdkit', 'version': '>=2022.09', 'channel': 'conda-forge'},
        {'name': 'autodock-vina', 'version': '1.2.3', 'channel': 'bioconda'},
        {'name': 'openbabel', 'version': '', 'channel': 'conda-forge'},
        {'name': 'pip', 'version': '', 'channel': 'conda-forge'}]


def test_environment_flow_lists_and_no_channels():
    assert parse_environment('channels: [bioconda, conda-forge]\ndependencies: [samtools=1.17, "bwa"]\n') == [
        {'name': 'samtools', 'version': '1.17', 'channel': 'bioconda'},
        {'name': 'bwa', 'version': '', 'channel': 'bioconda'}]
    assert parse_environment('dependencies:\n- mafft ==7.505\n- hmmer==3.3.2\n- gemmi >=0.6\n') == [
        {'name': 'mafft', 'version': '7.505', 'channel': ''}, {'name': 'hmmer', 'version': '3.3.2', 'channel': ''},
        {'name': 'gemmi', 'version': '>=0.6', 'channel': ''}]


def test_what_a_zip_must_not_be(tmp_path):
    traversal = zip_of(tmp_path / 'a.zip', [('environment.yml', ENVIRONMENT), ('../evil.txt', 'x')])
    assert fails(traversal, 'a.zip') == 'not a conda package: the zip has a member outside its folder: ../evil.txt'
    none = zip_of(tmp_path / 'b.zip', [('README.md', 'x')])
    assert fails(none, 'b.zip') == 'not a conda package: no environment.yml in the zip'
    dot_conda = zip_of(tmp_path / 'c.zip', [('metadata.json', '{}'), ('info-x-1.0-0.tar.zst', b'\x28\xb5\x2f\xfd'),
                                            ('pkg-x-1.0-0.tar.zst', b'\x28\xb5\x2f\xfd')])
    assert fails(dot_conda, 'x-1.0-0.zip') == ('.conda packages (zstd-compressed) are not supported: upload the '
                                               '.tar.bz2 package or an environment.yml')
    big = zip_of(tmp_path / 'd.zip', [('environment.yml', 'dependencies:\n' + '#' * (10 * 1024 * 1024))])
    assert fails(big, 'd.zip') == 'not a conda package: environment.yml is larger than 10 MB'
    no_deps = zip_of(tmp_path / 'e.zip', [('environment.yaml', 'name: x\nchannels:\n  - conda-forge\n')])
    assert fails(no_deps, 'e.zip') == 'not a conda package: the environment file has no dependencies'
    not_zip = write(tmp_path / 'f.zip', 'plain text')
    assert fails(not_zip, 'f.zip').startswith('not a conda package: not a zip archive')


def test_the_program_answers_and_fails_on_the_command_line(tmp_path):
    path = tar_bz2(tmp_path / 'p.tar.bz2', [('info/index.json', json.dumps(INDEX).encode())])
    done, answer = run_program('conda', {'path': path, 'name': 'p.tar.bz2'})
    assert done.returncode == 0, done.stderr
    assert answer['dependencies'][0] == {'name': 'medx-demo', 'version': '1.4.2', 'channel': ''}
    text = write(tmp_path / 'x.txt', 'x')
    done, answer = run_program('conda', {'path': str(text), 'name': 'x.txt'})
    assert (done.returncode, answer) == (1, None)
    assert done.stderr.strip() == 'not a conda package: x.txt is not a .tar.bz2, .xml, .zip or environment file'
    done, _ = run_program('conda', {'path': str(tmp_path / 'missing'), 'name': 'a.zip'})
    assert done.returncode == 1 and done.stderr.strip().startswith('conda: no file at ')
