"""load: Galaxy tool XML files (with macros, tokens and tool_conf.xml sections) -> the brief's ToolModel JSON.

    request {"paths": [dir-or-xml, ...]}
    answer  {"tools": [ToolModel...], "errors": [{"file", "line", "message"}]}

A directory is searched recursively for *.xml files whose root is <tool> (test-data and tool-data folders are
skipped: they hold data, not tools); a file named tool_conf.xml is Galaxy's toolbox config and gives the
category (its section's name) and tags of the tools it lists. Tools are installed by the administrator: their
templates and filter expressions are trusted code, user values never are (see render.py, collect.py).
A tool with any error is left out of "tools" and reported in "errors".
"""
import os
import textwrap

from . import cli, macros, outputs, params, testcases, xmlread
from .cheetah import TemplateError, compile_template
from .values import profile_at_least
from .xmlutil import as_bool, child_text

OTHER = 'Other'
SKIPPED_DIRS = {'test-data', 'tool-data', '.git', 'node_modules', '__pycache__', '.shed'}


class ToolError(Exception):
    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def _help(root):
    help_el = root.find('help')
    if help_el is None or not help_el.text:
        return ''
    return textwrap.dedent(help_el.text).strip('\n')


def _requirements(root):
    found = []
    requirements_el = root.find('requirements')
    if requirements_el is None:
        return found
    for requirement in requirements_el.findall('requirement'):
        found.append({'type': requirement.get('type', 'package'), 'name': (requirement.text or '').strip(),
                      'version': requirement.get('version')})
    return found


def _edam(root, group, tag):
    group_el = root.find(group)
    if group_el is None:
        return []
    return [(el.text or '').strip() for el in group_el.findall(tag) if (el.text or '').strip()]


def _check_template(text, element, what):
    """Compiles a template now, so a broken tool is reported at load time with its line in the XML file."""
    if not text:
        return
    try:
        compile_template(text)
    except TemplateError as error:
        start = xmlread.text_line_of(element)
        line = start + error.line - 1 if (start is not None and error.line is not None) else start
        where = ' at line %d' % line if line is not None else ''
        raise ToolError('Cheetah error in %s%s: %s' % (what, where, error.message), line) from None


def _configfiles(root):
    found = []
    configfiles_el = root.find('configfiles')
    if configfiles_el is None:
        return found
    for element in configfiles_el:
        if element.tag == 'configfile':
            _check_template(element.text, element, '<configfile name="%s">' % element.get('name'))
            found.append({'kind': 'configfile', 'name': element.get('name'), 'filename': element.get('filename'),
                          'data_style': None, 'template': element.text or ''})
        elif element.tag == 'inputs':
            found.append({'kind': 'inputs', 'name': element.get('name'), 'filename': element.get('filename'),
                          'data_style': element.get('data_style'), 'template': None})
    return found


def tool_model(path, category=OTHER, tags=()):
    """The ToolModel of the tool XML at path; ToolError (or xmlread.XmlError) when it cannot be loaded."""
    path = os.path.abspath(path)
    tool_dir = os.path.dirname(path)
    root = xmlread.parse(path)
    if root.tag != 'tool':
        raise ToolError('Invalid XML: No tool element found', None)
    try:
        template_macros = macros.expand(root, path)
    except macros.MacroError as error:
        raise ToolError(str(error), error.line) from None
    if not root.get('id'):
        raise ToolError('The <tool> element has no id', xmlread.line_of(root))
    # Tools that do not run a command line cannot run here.
    if root.find('expression') is not None:
        raise ToolError('Expression tools (<expression>) are not supported', xmlread.line_of(root.find('expression')))
    if root.get('tool_type') in ('data_source', 'data_source_async', 'data_destination', 'manage_data',
                                 'interactive'):
        raise ToolError('Tools of tool_type="%s" are not supported' % root.get('tool_type'), xmlread.line_of(root))
    profile = root.get('profile')
    command_el = root.find('command')
    command = (command_el.text or '') if command_el is not None else ''
    if command_el is not None:
        _check_template(command, command_el, '<command>')
    tool_sanitize = True
    for options_el in root.findall('options'):
        if 'sanitize' in options_el.attrib:
            tool_sanitize = as_bool(options_el.get('sanitize'))
            break
    try:
        inputs_el = root.find('inputs')
        inputs = params.parse_inputs(inputs_el, tool_sanitize) if inputs_el is not None else []
    except params.ParamError as error:
        raise ToolError(str(error), error.line) from None
    strict = command_el.get('strict') if command_el is not None else None
    return {
        'id': root.get('id'),
        'name': root.get('name') or root.get('id'),
        'version': root.get('version') or '1.0.0',
        'description': child_text(root, 'description', ''),
        'profile': profile,
        'file': path,
        'tool_dir': tool_dir,
        'category': category,
        'tags': list(tags),
        'help': _help(root),
        'edam_topics': _edam(root, 'edam_topics', 'edam_topic'),
        'edam_operations': _edam(root, 'edam_operations', 'edam_operation'),
        'requirements': _requirements(root),
        'command': command,
        'command_line': xmlread.line_of(command_el) if command_el is not None else None,
        'interpreter': command_el.get('interpreter') if command_el is not None else None,
        'strict': as_bool(strict) if strict is not None else None,
        'detect_errors': command_el.get('detect_errors') if command_el is not None else None,
        'configfiles': _configfiles(root),
        'stdio': outputs.parse_stdio(root),
        'inputs': inputs,
        'outputs': outputs.parse_outputs(root, not profile_at_least(profile, '21.09')),
        'tests': testcases.parse_tests(root, inputs, profile, tool_dir),
        # Extension: <macros><template name="x"> texts, $x in the templates.
        'template_macros': template_macros,
    }


def _toolbox(path):
    """{abs tool path: (category, tags)} of a tool_conf.xml (tool paths relative to its folder)."""
    root = xmlread.parse(path)
    if root.tag != 'toolbox':
        raise ToolError('Invalid XML: No toolbox element found', None)
    base = root.get('tool_path') or os.path.dirname(os.path.abspath(path))
    if not os.path.isabs(base):
        base = os.path.join(os.path.dirname(os.path.abspath(path)), base)
    listed = {}

    def add(tool_el, category):
        if tool_el.get('file'):
            tags = [t.strip() for t in (tool_el.get('tags') or '').split(',') if t.strip()]
            listed[os.path.normpath(os.path.join(base, tool_el.get('file')))] = (category, tags)

    for element in root:
        if element.tag == 'section':
            for tool_el in element.findall('tool'):
                add(tool_el, element.get('name') or element.get('id') or OTHER)
        elif element.tag == 'tool':
            add(element, OTHER)
    return listed


def _scan(directory):
    found = []
    for folder, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
        found.extend(os.path.join(folder, f) for f in sorted(files) if f.endswith('.xml'))
    return found


def _root_tag(path):
    """The root tag without parsing the whole file (None when not well-formed: the full parse reports it)."""
    try:
        return xmlread.parse(path).tag
    except (xmlread.XmlError, OSError):
        return None


def load(request):
    paths = request.get('paths')
    if not isinstance(paths, list):
        raise cli.Failure('load: request needs "paths": [dir-or-xml, ...]')
    errors = []
    listed = {}
    candidates = []
    explicit = set()
    for given in paths:
        given = os.path.abspath(given)
        if os.path.isdir(given):
            candidates.extend(_scan(given))
        elif os.path.isfile(given):
            candidates.append(given)
            explicit.add(given)
        else:
            errors.append({'file': given, 'line': None, 'message': 'No such file or directory'})
    tool_files = []
    for path in candidates:
        if os.path.basename(path) == 'tool_conf.xml':
            try:
                listed.update(_toolbox(path))
            except (ToolError, xmlread.XmlError) as error:
                errors.append({'file': path, 'line': getattr(error, 'line', None), 'message': str(error)})
        else:
            tool_files.append(path)
    for path in listed:
        if path not in tool_files:
            tool_files.append(path)
    tools = []
    seen = set()
    for path in tool_files:
        path = os.path.normpath(path)
        if path in seen:
            continue
        seen.add(path)
        if path not in explicit and path not in listed:
            tag = _root_tag(path)
            if tag is not None and tag != 'tool':
                continue  # macros.xml, data table configs...: not tools, not errors
        category, tags = listed.get(path, (OTHER, []))
        try:
            tools.append(tool_model(path, category, tags))
        except (ToolError, xmlread.XmlError) as error:
            errors.append({'file': path, 'line': getattr(error, 'line', None), 'message': str(error)})
        except OSError as error:
            errors.append({'file': path, 'line': None, 'message': error.strerror or str(error)})
    tools.sort(key=lambda t: (t['category'], t['name'].lower(), t['id']))
    return {'tools': tools, 'errors': errors}


if __name__ == '__main__':
    cli.main(load, 'load')
