"""schema: a tool XML checked against Galaxy's tool XSD with Debian's xmllint (libxml2-utils).

    request {"xml": str, "files": {name: text}?}
    answer  {"errors": ["line N: message", ...]}        (empty: valid)

As Galaxy lints a tool, the XSD sees the tool after macro expansion (macros.py: `<import>`ed files from `files`,
`<expand>`, tokens) and without our `medx_viewer` attribute (the XSD has no place for it; Galaxy ignores unknown
attributes when it loads a tool). Lines are those of the given XML: an element that came from a macro has the
line of the nearest element of the tool around it. A tool that is not well-formed or whose macros do not expand
gives that one error. The XSD is apps/server/galaxy-xsd/galaxy.xsd (galaxyproject/Galaxy-XSD, unmodified), found
beside the python folder both in the source tree and in dist (build.mjs copies galaxy-xsd next to dist/python).
"""
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import cli, macros, xmlread

XSD = Path(__file__).resolve().parents[2] / 'galaxy-xsd' / 'galaxy.xsd'
STRIPPED_ATTRIBUTES = ('medx_viewer',)
TIMEOUT_S = 50
TOOL_FILE = 'tool.xml'
# "<file>:<line>: element x: Schemas validity error : message"
_ERROR = re.compile(r'^(?P<file>.*?):(?P<line>\d+): (?P<rest>.*)$')


def safe_name(name):
    """A file name that stays in the folder it is written to (no folders, no '..')."""
    return (isinstance(name, str) and name not in ('', '.', '..') and '/' not in name and '\\' not in name
            and '\0' not in name)


def unsafe_import(root, folder):
    """The first <import> name, in the tool or in the macro files it reaches, that is not a plain file name
    (None when all are). macros.py joins import names to the tool's folder: a path such as /etc/x.xml or
    ../x.xml would read a server file into the tool (and the XSD's messages could show its content)."""
    pending, seen = [root], set()
    while pending:
        element = pending.pop()
        macros_el = element if element.tag == 'macros' else element.find('macros')
        if macros_el is None:
            continue
        for import_el in macros_el.findall('import'):
            name = (import_el.text or '').strip()
            if not safe_name(name):
                return name
            path = os.path.join(folder, name)
            if name not in seen and os.path.isfile(path):
                seen.add(name)
                try:
                    pending.append(xmlread.parse(path))
                except xmlread.XmlError:
                    continue  # macros.py reports it
    return None


def _escape_attr(value):
    return (value.replace('&', '&amp;').replace('<', '&lt;').replace('"', '&quot;')
            .replace('\n', '&#10;').replace('\r', '&#13;').replace('\t', '&#9;'))


def _escape_text(value):
    return value.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('\r', '&#13;')


def serialize(root):
    """(XML text, {output line: original line}) of an element tree: text and tails as they are, so the lines of
    the tool's own elements stay close to where they were; each start tag's output line is recorded with the
    line the element (or the nearest ancestor that has one: macro copies have none) had in the tool file."""
    out = []
    lines = {}
    current = [1]

    def write(piece):
        out.append(piece)
        current[0] += piece.count('\n')

    def walk(element, known_line):
        line = xmlread.line_of(element) or known_line
        lines.setdefault(current[0], line)
        attrs = ''.join(' %s="%s"' % (k, _escape_attr(v)) for k, v in element.attrib.items())
        if len(element) == 0 and not element.text:
            write('<%s%s/>' % (element.tag, attrs))
        else:
            write('<%s%s>' % (element.tag, attrs))
            if element.text:
                write(_escape_text(element.text))
            for child in element:
                walk(child, line)
                if child.tail:
                    write(_escape_text(child.tail))
            write('</%s>' % element.tag)

    walk(root, 1)
    return ''.join(out), lines


def _write_files(folder, xml, files):
    tool_path = os.path.join(folder, TOOL_FILE)
    with open(tool_path, 'w', encoding='utf-8') as sink:
        sink.write(xml)
    for name, text in (files or {}).items():
        if not safe_name(name) or name == TOOL_FILE:
            raise cli.Failure('schema: file name %r is not a plain file name' % (name,))
        if not isinstance(text, str):
            raise cli.Failure('schema: file %s must be text' % name)
        with open(os.path.join(folder, name), 'w', encoding='utf-8') as sink:
            sink.write(text)
    return tool_path


def xmllint(path, xsd=XSD):
    """xmllint's error lines for the file at path (an argument list, never a shell)."""
    if not Path(xsd).is_file():
        raise cli.Failure('schema: Galaxy\'s tool XSD is missing (%s)' % xsd)
    program = shutil.which('xmllint')
    if program is None:
        raise cli.Failure('schema: xmllint is not installed (Debian package libxml2-utils)')
    try:
        done = subprocess.run([program, '--noout', '--nonet', '--schema', str(xsd), path], capture_output=True,
                              text=True, timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise cli.Failure('schema: xmllint ran past %d s' % TIMEOUT_S) from None
    if done.returncode not in (0, 3, 4) and 'Schemas validity error' not in done.stderr:
        # 3/4: the document does not validate (its errors are listed); other codes: xmllint could not run.
        last = (done.stderr.strip().splitlines() or ['exit %d' % done.returncode])[-1]
        raise cli.Failure('schema: xmllint failed: %s' % last)
    return done.stderr.splitlines()


def validate(xml, files=None):
    """The XSD's complaints about the tool XML (with files beside it), lines of the given XML."""
    with tempfile.TemporaryDirectory(prefix='medx-schema-') as folder:
        tool_path = _write_files(folder, xml, files)
        try:
            root = xmlread.parse(tool_path)
        except xmlread.XmlError as error:
            return ['line %s: %s' % (error.line, error)]
        bad = unsafe_import(root, folder)
        if bad is not None:
            return ['line %s: <import>%s</import>: a macros file must be a file beside the tool' % (
                xmlread.line_of(root.find('macros')) or 1, bad)]
        try:
            macros.expand(root, tool_path)
        except macros.MacroError as error:
            # The message may name a macro file by its temporary path: only its name means anything.
            return ['line %s: %s' % (error.line or 1, str(error).replace(folder + os.sep, ''))]
        for element in root.iter():
            for name in STRIPPED_ATTRIBUTES:
                element.attrib.pop(name, None)
        text, lines = serialize(root)
        checked = os.path.join(folder, 'expanded.xml')
        with open(checked, 'w', encoding='utf-8') as sink:
            sink.write(text)
        errors = []
        for raw in xmllint(checked):
            match = _ERROR.match(raw)
            if not match or match.group('file') != checked:
                continue  # "<file> fails to validate", "<file> validates"
            rest = match.group('rest')
            # "element param: Schemas validity error : Element 'param': ..." -> the part after the kind.
            rest = rest.split(' : ', 1)[1] if ' : ' in rest else rest
            line = _original_line(lines, int(match.group('line')))
            errors.append('line %d: %s' % (line, rest.strip()))
        return errors


def _original_line(lines, output_line):
    """The tool file's line of the element starting on output_line (or the last one before it)."""
    for candidate in range(output_line, 0, -1):
        if candidate in lines:
            return lines[candidate]
    return 1


def schema(request):
    xml = request.get('xml')
    if not isinstance(xml, str):
        raise cli.Failure('schema: request needs "xml": the tool XML text')
    files = request.get('files') or {}
    if not isinstance(files, dict):
        raise cli.Failure('schema: "files" must map file names to text')
    return {'errors': validate(xml, files)}


if __name__ == '__main__':
    cli.main(schema, 'schema')
