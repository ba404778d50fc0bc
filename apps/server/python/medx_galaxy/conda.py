"""conda: the packages an uploaded conda file names (spec §7 POST /api/parse-conda), for the builder's dependencies.

    request {"path": file on disk, "name": its original file name}
    answer  {"dependencies": [{"name", "version", "channel"}]}
    failure (exit 1) "not a conda package: <why>", or another one-line reason

By the name's extension:
- .tar.bz2 / .bz2: a conda package. Its info/index.json gives the package (name, version) first, then each of
  its `depends` ("numpy >=1.21,<2" -> numpy, ">=1.21,<2"; a build string after the version is dropped). The
  archive is read as a stream and nothing is extracted: a member with an absolute path or '..' refuses the whole
  file, index.json is read only when it is a regular file of at most 1 MB.
- .xml: Galaxy <requirement type="package" version> elements anywhere (a tool, a macros file), tokens of the
  same file's <token> elements replaced.
- .zip: an environment.yml / environment.yaml inside (the one nearest the top), or a .conda package, which holds
  zstd-compressed tars the standard library cannot read: refused with that reason. Members with absolute paths or
  '..' refuse the zip; at most 10 MB of a member is read.
- .yml / .yaml: an environment file itself.
Environment files are read without a YAML library (Debian's python3 has none by default): the `channels:` and
`dependencies:` lists of the usual layout, `- name`, `- name=1.2`, `- name>=1.2`, `- channel::name=1.2=build`;
the first channel is the channel of packages that name none; a nested `- pip:` list is not conda and is skipped.
"""
import json
import os
import posixpath
import re
import tarfile
import zipfile

from . import cli, xmlread

INDEX_MAX = 1024 * 1024
MEMBER_MAX = 10 * 1024 * 1024
XML_MAX = 10 * 1024 * 1024
ENVIRONMENT_NAMES = ('environment.yml', 'environment.yaml')


class NotConda(cli.Failure):
    def __init__(self, why):
        super().__init__('not a conda package: %s' % why)


def _unsafe(name):
    """A member name that would leave the folder it is unpacked into (absolute, drive letter, '..')."""
    normalized = name.replace('\\', '/')
    return (normalized.startswith('/') or re.match(r'^[A-Za-z]:', normalized) is not None
            or '..' in normalized.split('/'))


def _spec(text):
    """(name, version) of a conda match spec "pkg >=1.2" / "pkg 1.2 build" / "pkg=1.2=build" / "pkg"."""
    text = text.strip()
    if '::' in text:
        text = text.split('::', 1)[1]
    parts = text.split()
    if len(parts) > 1:
        name, version = parts[0], parts[1]
    else:
        match = re.match(r'^([A-Za-z0-9_.+-]+?)((?:==|>=|<=|!=|~=|=|>|<).*)?$', text)
        if not match:
            return text, ''
        name, version = match.group(1), match.group(2) or ''
    if version.startswith('=='):
        # An exact version is written as Galaxy's requirement version: the number alone.
        version = version[2:]
    elif version.startswith('='):
        # name=1.2 or name=1.2=build: the version is the part between the '='s.
        version = version[1:].split('=', 1)[0]
    return name, version


def _dependency(name, version, channel=''):
    return {'name': name, 'version': version, 'channel': channel}


def from_tar_bz2(path):
    try:
        archive = tarfile.open(path, mode='r:bz2')
    except (tarfile.TarError, EOFError, OSError) as error:
        raise NotConda('not a tar.bz2 archive (%s)' % error) from None
    index = None
    try:
        with archive:
            # Every header is read (the stream is decompressed, never written) so that a traversal member
            # anywhere refuses the package; the data of other members is skipped.
            for member in archive:
                if _unsafe(member.name):
                    raise NotConda('the archive has a member outside its folder: %s' % member.name)
                if posixpath.normpath(member.name.replace('\\', '/')) != 'info/index.json':
                    continue
                if not member.isfile():
                    raise NotConda('info/index.json is not a regular file')
                if member.size > INDEX_MAX:
                    raise NotConda('info/index.json is larger than 1 MB')
                source = archive.extractfile(member)
                index = source.read(INDEX_MAX + 1)
    except (tarfile.TarError, EOFError, OSError) as error:
        raise NotConda('a damaged archive (%s)' % error) from None
    if index is None:
        raise NotConda('no info/index.json in the archive')
    try:
        data = json.loads(index.decode('utf-8'))
    except (UnicodeDecodeError, ValueError) as error:
        raise NotConda('info/index.json is not JSON (%s)' % error) from None
    if not isinstance(data, dict) or not isinstance(data.get('name'), str) or not data['name']:
        raise NotConda('info/index.json has no package name')
    found = [_dependency(data['name'], str(data.get('version') or ''))]
    for spec in data.get('depends') or []:
        if isinstance(spec, str) and spec.strip():
            found.append(_dependency(*_spec(spec)))
    return found


def from_xml(path):
    if os.path.getsize(path) > XML_MAX:
        raise NotConda('an XML file larger than 10 MB')
    try:
        root = xmlread.parse(path)
    except xmlread.XmlError as error:
        raise NotConda('not well-formed XML (%s)' % str(error).replace('Invalid XML: ', '')) from None
    tokens = {el.get('name'): el.text or '' for el in root.iter('token') if el.get('name')}

    def expand(text):
        for name, value in tokens.items():
            text = text.replace(name, value)
        return text

    found = []
    for element in root.iter('requirement'):
        if element.get('type', 'package') != 'package':
            continue
        name = expand((element.text or '').strip())
        if name:
            found.append(_dependency(name, expand(element.get('version') or '')))
    if not found:
        raise NotConda('no <requirement type="package"> in the XML')
    return found


def _unquote(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in '"\'':
        return text[1:-1]
    return text


def _strip_comment(line):
    """The line without a '#' comment (a '#' inside quotes stays)."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = None
        elif char in '"\'':
            quote = char
        elif char == '#' and (index == 0 or line[index - 1] in ' \t'):
            return line[:index]
    return line


def parse_environment(text):
    """[dependency] of an environment.yml in its usual layout (see the module's docstring)."""
    channels, specs = [], []
    section = None
    item_indent = None
    for raw in text.splitlines():
        line = _strip_comment(raw).rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(' '))
        stripped = line.strip()
        if indent == 0 and not stripped.startswith('-'):
            key = stripped.split(':', 1)[0].strip()
            section = key if key in ('channels', 'dependencies') else None
            item_indent = None
            rest = stripped.split(':', 1)[1].strip() if ':' in stripped else ''
            if section and rest.startswith('[') and rest.endswith(']'):
                # Flow style: channels: [conda-forge, bioconda]
                items = [_unquote(i) for i in rest[1:-1].split(',') if i.strip()]
                (channels if section == 'channels' else specs).extend(items)
            continue
        if section is None or not stripped.startswith('-'):
            continue
        if item_indent is None:
            item_indent = indent
        if indent != item_indent:
            continue  # items of a nested list (pip:)
        item = _unquote(stripped[1:])
        if not item or item.endswith(':'):
            continue  # "- pip:" opens the pip list
        (channels if section == 'channels' else specs).append(item)
    if not specs:
        raise NotConda('the environment file has no dependencies')
    default_channel = channels[0] if channels else ''
    found = []
    for spec in specs:
        channel = default_channel
        if '::' in spec:
            channel, spec = spec.split('::', 1)
            channel = channel.strip()
        name, version = _spec(spec)
        found.append(_dependency(name, version, channel))
    return found


def _read_member(archive, info):
    if info.file_size > MEMBER_MAX:
        raise NotConda('%s is larger than 10 MB' % info.filename)
    with archive.open(info) as source:
        data = source.read(MEMBER_MAX + 1)
    if len(data) > MEMBER_MAX:
        raise NotConda('%s is larger than 10 MB' % info.filename)
    return data


def from_zip(path):
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        raise NotConda('not a zip archive (%s)' % error) from None
    with archive:
        members = archive.infolist()
        for info in members:
            if _unsafe(info.filename):
                raise NotConda('the zip has a member outside its folder: %s' % info.filename)
        names = [info.filename for info in members]
        if any(re.match(r'^info-.*\.tar\.zst$', n) for n in names) or 'metadata.json' in names and any(
                n.endswith('.tar.zst') for n in names):
            raise cli.Failure('.conda packages (zstd-compressed) are not supported: upload the .tar.bz2 package '
                              'or an environment.yml')
        environments = sorted((info for info in members if posixpath.basename(info.filename) in ENVIRONMENT_NAMES
                               and not info.is_dir()), key=lambda i: (i.filename.count('/'), i.filename))
        if not environments:
            raise NotConda('no environment.yml in the zip')
        try:
            data = _read_member(archive, environments[0])
        except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError) as error:
            raise NotConda('cannot read %s (%s)' % (environments[0].filename, error)) from None
    return _environment_text(data, environments[0].filename)


def _environment_text(data, name):
    try:
        text = data.decode('utf-8')
    except UnicodeDecodeError:
        raise NotConda('%s is not UTF-8 text' % name) from None
    return parse_environment(text)


def from_yaml(path):
    if os.path.getsize(path) > MEMBER_MAX:
        raise NotConda('an environment file larger than 10 MB')
    with open(path, 'rb') as source:
        return _environment_text(source.read(), os.path.basename(path))


def conda(request):
    path, name = request.get('path'), request.get('name')
    if not isinstance(path, str) or not isinstance(name, str):
        raise cli.Failure('conda: request needs "path" (the file) and "name" (its original name)')
    if not os.path.isfile(path):
        raise cli.Failure('conda: no file at %s' % path)
    lower = name.lower()
    try:
        if lower.endswith('.bz2'):
            found = from_tar_bz2(path)
        elif lower.endswith('.xml'):
            found = from_xml(path)
        elif lower.endswith('.zip'):
            found = from_zip(path)
        elif lower.endswith(('.yml', '.yaml')):
            found = from_yaml(path)
        elif lower.endswith('.conda'):
            raise cli.Failure('.conda packages (zstd-compressed) are not supported: upload the .tar.bz2 package or '
                              'an environment.yml')
        else:
            raise NotConda('%s is not a .tar.bz2, .xml, .zip or environment file' % name)
    except OSError as error:
        raise cli.Failure('conda: cannot read the file: %s' % (error.strerror or error)) from None
    return {'dependencies': found}


if __name__ == '__main__':
    cli.main(conda, 'conda')
