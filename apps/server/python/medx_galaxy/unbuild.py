"""unbuild: a Galaxy tool XML (and its macros file) -> a parameter-builder draft; the inverse of build.py.

    request {"xml": str, "macros": str?}        (macros: the text of the one file the tool's <macros> imports)
    answer  {"draft": BuilderDraft, "warnings": [str]}

Failures (exit 1): not well-formed -> "Failed to parse file: <expat message>"; root not <tool> -> "Invalid XML: No
tool element found"; an <import> the request has no text for, more than one imported file, or macros that do not
expand -> their reason.

Macros. A tool with no <expand> whose macros are tokens only, either from one imported file or written inline,
keeps its tokens: the draft's info.macros is the imported file's text (or the inline tokens as `@TOKEN@ value`
lines) and @TOKEN@ stays where it is written, so build(unbuild(x)) writes the same tokens back. Tokens are
replaced only where a builder field cannot hold them (tool id and version, param names, numbers and booleans,
none of which accept '@'). Any other tool (<expand>, <xml>/<template> macros, an import beside inline tokens)
is expanded as Galaxy does and the draft has no macros (a warning says so).

What the builder cannot express is left out, each time with a warning naming it: tool attributes other than
id/name/version/profile (profile becomes 22.05), <stdio>, <configfiles>, <version_command>, <citations>, EDAM,
<tests> (the builder writes them from a test run), requirements other than packages, containers, command
attributes other than detect_errors="exit_code", repeats, sections (except build.py's docking box), nested
conditionals, conditionals whose test param is not a static select (a boolean one becomes a select with its
truevalue/falsevalue, with a warning), params of other types (hidden, data_collection, drill_down...), dynamic
select options, validators other than build.py's (in_range on a float = range, regex of a date or a time),
sanitizers, boolean truevalue/falsevalue other than true/false, param attributes the builder has no field for
(argument, display, area, min/max of a data param...), output filters, from_work_dir, format_source,
change_format, actions, discover_datasets other than build.py's, collections other than list, and a param whose
name is already taken (Galaxy allows one name in two branches, the builder does not).

Not round-trippable even for a draft build.py wrote (the draft comes back normalized):
- commandBlocks: one block `block-1` holding the whole command (blocks are joined by newlines);
- params order: inputs in document order (each condition's branch params right after it, branch by branch),
  then outputs;
- fileTypes[].label = the format; an option without label comes back labelled with its value;
- validator.step is null (no Galaxy attribute); validator min/max of types other than float/integer/range are
  not written; dependsOn {param, value: null} of a type other than dependency ("needs") is not written;
- channel of a dependency (Galaxy requirements have none) is '';
- helpText is dedented and stripped of leading/trailing newlines (as load.py reads help), description stripped;
- text macros come back as `@TOKEN@ value` lines (blank and comment lines dropped);
- a condition is required and single (Galaxy's test param cannot be optional or multiple);
- a docking box default comes back as six numbers separated by spaces;
- values, scripts and test are empty (they are not in the XML; scripts are files beside it).
"""
import os
import re
import tempfile
import textwrap

from . import build, cli, macros, xmlread
from .params import ParamError, param_name
from .schema import safe_name, unsafe_import
from .xmlutil import as_bool, attr_or_child, child_text

TOOL_FILE = 'tool.xml'
_SCRIPT_REF = re.compile(r'\$\{?__tool_directory__\}?/([A-Za-z0-9_.+-]+)')
_KNOWN_TOOL_ATTRS = {'id', 'name', 'version', 'profile'}
_COMMON_PARAM_ATTRS = {'name', 'type', 'label', 'help', 'optional'}
_PARAM_ATTRS = {
    'data': {'format', 'multiple'},
    'select': {'multiple'},
    'integer': {'value', 'min', 'max'},
    'float': {'value', 'min', 'max'},
    'boolean': {'checked', 'truevalue', 'falsevalue'},
    'text': {'value', 'medx_viewer'},
    'color': {'value'},
    'data_column': {'data_ref', 'value', 'multiple'},
}
_VIEWER_TYPES = {'box': '3d_viewer_box', 'residue': '3d_viewer_residue', 'atom': '3d_viewer_atom'}


class _Importer:
    def __init__(self, tokens):
        self.tokens = tokens
        self.warnings = []
        self.params = []
        self.names = set()

    def warn(self, message):
        self.warnings.append(message)

    def ex(self, value):
        """value with the tokens replaced (for fields that cannot hold a token)."""
        if value is None or not self.tokens:
            return value
        return macros._replace_tokens(value, self.tokens)

    def number(self, element, attr, kind, where):
        raw = self.ex(element.get(attr))
        if raw is None or raw.strip() == '':
            return None
        try:
            value = float(raw)
        except ValueError:
            self.warn('%s: %s="%s" is not a number: left out' % (where, attr, raw))
            return None
        return int(value) if kind == 'integer' else value

    def extra_attrs(self, element, allowed, where):
        extra = sorted(set(element.attrib) - allowed)
        if extra:
            self.warn('%s: attribute%s %s not kept (no builder field)' % (
                where, 's' if len(extra) > 1 else '', ', '.join(extra)))

    def extra_children(self, element, allowed, where):
        extra = sorted({child.tag for child in element} - allowed)
        if extra:
            self.warn('%s: %s not kept (no builder field)' % (where, ', '.join('<%s>' % t for t in extra)))

    def add(self, param, where):
        if param['name'] in self.names:
            self.warn('%s: the name %s is already taken (the builder needs unique names): left out' % (
                where, param['name']))
            return
        self.names.add(param['name'])
        self.params.append(param)


def _blank_param(kind, name, label='', help_text=''):
    return build.with_defaults({'params': [{'type': kind, 'name': name, 'label': label or '',
                                            'help': help_text or ''}]})['params'][0]


def _options(element):
    options, selected = [], []
    for option in element.findall('option'):
        value = option.get('value', '')
        label = ''.join((option.text or '').splitlines()).strip() or value
        options.append({'value': value, 'label': label})
        if as_bool(option.get('selected')):
            selected.append(value)
    return options, selected


def _param(imp, element, branch, where):
    """The draft param of one <param> (None: left out, with a warning)."""
    try:
        name = imp.ex(param_name(element))
    except ParamError as error:
        imp.warn('%s: %s: left out' % (where, error))
        return None
    kind = element.get('type', 'text')
    where = 'param %s' % name
    if element.get('argument') is not None:
        imp.warn('%s: argument="%s" not kept (the param keeps the name %s)' % (where, element.get('argument'), name))
    if kind not in _PARAM_ATTRS:
        imp.warn('%s: type %s is left out (the builder has no such type)' % (where, kind))
        return None
    attrs = _COMMON_PARAM_ATTRS | _PARAM_ATTRS[kind] | {'argument'}
    imp.extra_attrs(element, attrs, where)
    param = _blank_param(kind, name, attr_or_child(element, 'label'), attr_or_child(element, 'help'))
    param['required'] = not as_bool(imp.ex(element.get('optional')))
    children = {'label', 'help'}
    validators = element.findall('validator')
    if kind == 'data':
        formats = [f.strip() for f in element.get('format', 'data').split(',') if f.strip()]
        param['fileTypes'] = [{'format': f, 'label': f} for f in formats]
        param['multiple'] = as_bool(imp.ex(element.get('multiple')))
    elif kind == 'select':
        if element.find('options') is not None or element.get('dynamic_options') is not None:
            imp.warn('%s: dynamic options (<options>, dynamic_options) are left out with the param' % where)
            return None
        param['multiple'] = as_bool(imp.ex(element.get('multiple')))
        if element.get('optional') is None and param['multiple']:
            param['required'] = False  # Galaxy: a multiple select is optional unless it says otherwise
        param['options'], selected = _options(element)
        param['default'] = (','.join(selected) if param['multiple'] else selected[0]) if selected else None
        children.add('option')
    elif kind in ('integer', 'float'):
        param['default'] = imp.number(element, 'value', kind, where)
        low = imp.number(element, 'min', kind, where)
        high = imp.number(element, 'max', kind, where)
        param['validator'].update({'min': low, 'max': high})
        ranges = [v for v in validators if v.get('type') == 'in_range']
        if kind == 'float' and len(validators) == 1 and ranges:
            validator = ranges[0]
            imp.extra_attrs(validator, {'type', 'min', 'max'}, '%s: in_range validator' % where)
            v_low = imp.number(validator, 'min', kind, where)
            v_high = imp.number(validator, 'max', kind, where)
            if (v_low, v_high) != (low, high) and (low, high) != (None, None):
                imp.warn('%s: min/max %s/%s become those of its in_range validator %s/%s' % (
                    where, low, high, v_low, v_high))
            param['type'] = 'range'
            param['validator'].update({'min': v_low, 'max': v_high})
            validators = []
    elif kind == 'boolean':
        checked = element.get('checked')
        param['default'] = None if checked is None else as_bool(imp.ex(checked))
        true_value, false_value = element.get('truevalue', 'true'), element.get('falsevalue', 'false')
        if (true_value, false_value) != ('true', 'false'):
            imp.warn('%s: truevalue="%s" falsevalue="%s" become true/false (the command sees true or false)' % (
                where, true_value, false_value))
    elif kind == 'text':
        param['default'] = element.get('value')
        viewer = element.get('medx_viewer')
        if viewer is not None:
            param['type'] = _VIEWER_TYPES.get(viewer, '3d_viewer_residue' if viewer == 'residue_active' else
                                              '3d_viewer_box')
            if viewer not in _VIEWER_TYPES:
                imp.warn('%s: medx_viewer="%s" becomes %s' % (where, viewer, param['type']))
        elif len(validators) == 1 and validators[0].get('type') == 'regex':
            pattern = (validators[0].text or '').strip()
            if pattern in (build.DATE_REGEX, build.TIME_REGEX):
                param['type'] = 'date' if pattern == build.DATE_REGEX else 'time'
                validators = []
        if element.get('area') is not None:
            imp.warn('%s: area="%s" not kept (one-line text)' % (where, element.get('area')))
    elif kind == 'color':
        param['default'] = element.get('value')
    elif kind == 'data_column':
        if branch is not None:
            imp.warn('%s: a data_column inside a conditional branch is left out (the builder keeps them at the top '
                     'level)' % where)
            return None
        if not element.get('data_ref'):
            imp.warn('%s: a data_column without data_ref is left out' % where)
            return None
        param['type'] = 'dependency'
        param['dependsOn'] = {'param': imp.ex(element.get('data_ref')), 'value': None}
        param['default'] = element.get('value')
        param['multiple'] = as_bool(imp.ex(element.get('multiple')))
    if validators:
        kinds = ', '.join(v.get('type', '?') for v in validators)
        imp.warn('%s: validator%s %s not kept' % (where, 's' if len(validators) > 1 else '', kinds))
    imp.extra_children(element, children | {'validator'}, where)
    if branch is not None:
        param['dependsOn'] = {'param': branch[0], 'value': branch[1]}
    return param


def _docking_box(imp, section, branch):
    """A build.py docking box section as one param, or None (the section is not one)."""
    name = imp.ex(section.get('name', ''))
    floats = [child for child in section if child.tag == 'param']
    wanted = ['%s_%s' % (name, field) for field in build.DOCKING_FIELDS]
    if (len(floats) != 6 or len(list(section)) != 6 or [imp.ex(f.get('name')) for f in floats] != wanted
            or any(f.get('type') != 'float' for f in floats) or floats[0].get('medx_viewer') != 'docking_box'):
        return None
    where = 'docking box %s' % name
    param = _blank_param('3d_viewer_docking_box', name, section.get('title', ''), floats[0].get('help', ''))
    imp.extra_attrs(section, {'name', 'title', 'expanded'}, where)
    values = [imp.number(f, 'value', 'float', where) for f in floats]
    if all(v is not None for v in values):
        param['default'] = ' '.join(build.number_text(v, 'float') for v in values)
    elif any(v is not None for v in values):
        imp.warn('%s: some of its six floats have no value: the defaults are left out' % where)
    param['required'] = not as_bool(floats[0].get('optional'))
    for index, element in enumerate(floats):
        allowed = {'name', 'type', 'value', 'optional', 'label'} | ({'help', 'medx_viewer'} if index == 0 else set())
        imp.extra_attrs(element, allowed, '%s: %s' % (where, element.get('name')))
        imp.extra_children(element, set(), '%s: %s' % (where, element.get('name')))
        if element.get('label') != build.DOCKING_LABELS[index]:
            imp.warn('%s: %s label "%s" becomes "%s"' % (where, element.get('name'), element.get('label') or '',
                                                         build.DOCKING_LABELS[index]))
    if branch is not None:
        param['dependsOn'] = {'param': branch[0], 'value': branch[1]}
    return param


def _group_params(element):
    return ', '.join(el.get('name') or el.get('argument') or '?' for el in element.iter()
                     if el is not element and el.tag in ('param', 'conditional', 'repeat', 'section'))


def _conditional(imp, element):
    name = imp.ex(element.get('name') or '')
    where = 'conditional %s' % name
    test_el = element.find('param')
    if not name or test_el is None:
        imp.warn('%s: no name or no test param: left out' % where)
        return
    imp.extra_attrs(element, {'name', 'label'}, where)
    imp.extra_children(element, {'param', 'when'}, where)
    selector = '%s_selector' % name
    test_name = imp.ex(test_el.get('name') or test_el.get('argument', '').lstrip('-').replace('-', '_'))
    kind = test_el.get('type', 'text')
    param = _blank_param('condition', name, attr_or_child(test_el, 'label') or element.get('label') or '',
                         attr_or_child(test_el, 'help'))
    if kind == 'select' and test_el.find('options') is None and test_el.get('dynamic_options') is None:
        param['options'], selected = _options(test_el)
        param['default'] = selected[0] if selected else None
        imp.extra_attrs(test_el, {'name', 'type', 'label', 'help'}, '%s: test param %s' % (where, test_name))
        imp.extra_children(test_el, {'option', 'label', 'help'}, '%s: test param %s' % (where, test_name))
    elif kind == 'boolean':
        true_value, false_value = test_el.get('truevalue', 'true'), test_el.get('falsevalue', 'false')
        param['options'] = [{'value': true_value, 'label': 'Yes'}, {'value': false_value, 'label': 'No'}]
        checked = test_el.get('checked')
        param['default'] = None if checked is None else (true_value if as_bool(imp.ex(checked)) else false_value)
        imp.warn('%s: its boolean test param %s becomes a select with the options %s and %s' % (
            where, test_name, true_value, false_value))
    else:
        imp.warn('%s: its test param %s (type %s) is not a select with fixed options: the conditional is left out '
                 '(params %s)' % (where, test_name, kind, _group_params(element)))
        return
    if test_name != selector:
        imp.warn('%s: its test param %s is renamed %s (the builder\'s name): the command\'s $%s.%s must become '
                 '$%s.%s' % (where, test_name, selector, name, test_name, name, selector))
    values = {o['value'] for o in param['options']}
    before = len(imp.params)
    imp.add(param, where)
    if len(imp.params) == before:
        return
    for when in element.findall('when'):
        value = when.get('value', '')
        if value not in values:
            imp.warn('%s: <when value="%s"> matches no option: left out (params %s)' % (
                where, value, _group_params(when) or 'none'))
            continue
        _inputs(imp, when, (name, value))


def _inputs(imp, parent, branch=None):
    for element in parent:
        tag = element.tag
        if tag == 'param':
            param = _param(imp, element, branch, 'a <param>')
            if param is not None:
                imp.add(param, 'param %s' % param['name'])
        elif tag == 'conditional':
            if branch is not None:
                imp.warn('conditional %s inside conditional %s is left out (one level of conditions; params %s)' % (
                    element.get('name'), branch[0], _group_params(element)))
            else:
                _conditional(imp, element)
        elif tag == 'section':
            param = _docking_box(imp, element, branch)
            if param is not None:
                imp.add(param, 'docking box %s' % param['name'])
            else:
                imp.warn('section %s is left out (the builder has no sections; params %s)' % (
                    element.get('name'), _group_params(element)))
        elif tag == 'repeat':
            imp.warn('repeat %s is left out (the builder has no repeats; params %s)' % (
                element.get('name'), _group_params(element)))
        else:
            imp.warn('<%s> in the inputs is left out' % tag)


def _outputs(imp, outputs_el):
    for element in outputs_el:
        name = imp.ex(element.get('name') or '')
        if element.tag == 'data':
            where = 'output %s' % name
            imp.extra_attrs(element, {'name', 'format', 'label'}, where)
            imp.extra_children(element, {'label'}, where)
            param = _blank_param('output_data', name, child_text(element, 'label', element.get('label')) or '')
            fmt = element.get('format')
            param['format'] = fmt if fmt is not None else ('' if element.get('format_source') else 'data')
            imp.add(param, where)
        elif element.tag == 'collection' and element.get('type', 'list') == 'list':
            where = 'output collection %s' % name
            imp.extra_attrs(element, {'name', 'type', 'label', 'format'}, where)
            imp.extra_children(element, {'discover_datasets'}, where)
            param = _blank_param('output_collection', name, element.get('label') or '')
            discovers = element.findall('discover_datasets')
            fmt = element.get('format')
            if discovers:
                fmt = fmt or discovers[0].get('format') or discovers[0].get('ext')
            param['format'] = fmt or ''
            shapes = [(d.get('pattern'), d.get('directory')) for d in discovers]
            if shapes != [(build.COLLECTION_PATTERN, name)] or any(
                    set(d.attrib) - {'pattern', 'directory', 'format', 'ext'} for d in discovers):
                given = '; '.join('pattern="%s" directory="%s"' % shape for shape in shapes) or 'none'
                imp.warn('%s: its discover_datasets (%s) become pattern="%s" directory="%s"' % (
                    where, given, build.COLLECTION_PATTERN, name))
            imp.add(param, where)
        else:
            imp.warn('output %s (<%s%s>) is left out (the builder has output_data and list collections)' % (
                name, element.tag, ' type="%s"' % element.get('type') if element.get('type') else ''))


def _requirements(imp, element):
    found = []
    for child in element:
        kind = child.get('type', 'package')
        if child.tag == 'requirement' and kind == 'package':
            imp.extra_attrs(child, {'type', 'version'}, 'requirement %s' % (child.text or '').strip())
            found.append({'name': (child.text or '').strip(), 'version': child.get('version') or '', 'channel': ''})
        else:
            imp.warn('<%s%s> %s in the requirements is left out (the builder has packages only)' % (
                child.tag, ' type="%s"' % kind if child.tag == 'requirement' else '', (child.text or '').strip()))
    return found


def _inline_macros(macros_el, tokens_only):
    """info.macros for inline token macros: `@TOKEN@ value` lines, or a <macros> document when a value has a
    line break."""
    pairs = [(el.get('name', ''), el.text or '') for el in tokens_only]
    if all('\n' not in value and value == value.strip() for _, value in pairs):
        return '\n'.join('%s %s' % (name, value) for name, value in pairs)
    return build.render(build.Node('macros', children=[build.Node('token', [('name', n)], text=v) for n, v in pairs]))


def _macros_mode(root, folder, macros_text):
    """(tokens to keep, info.macros, warnings) of the tool's macros; expands them in place when they cannot stay."""
    macros_el = root.find('macros')
    if macros_el is None:
        if root.find('.//expand') is not None:
            raise cli.Failure('The tool uses <expand> but has no <macros>')
        return {}, '', []
    imports = [(el.text or '').strip() for el in macros_el.findall('import')]
    for name in imports:
        if not safe_name(name):
            raise cli.Failure('The tool imports the macros file %r: only a file beside the tool can be given' % name)
    if len(set(imports)) > 1:
        raise cli.Failure('The tool imports %d macro files (%s): the builder takes one' % (
            len(set(imports)), ', '.join(imports)))
    if imports and not macros_text.strip():
        raise cli.Failure('The tool imports %s: give that file\'s text as "macros"' % imports[0])
    imported = None
    if imports:
        path = os.path.join(folder, imports[0])
        with open(path, 'w', encoding='utf-8') as sink:
            sink.write(macros_text)
        try:
            imported = xmlread.parse(path)
        except xmlread.XmlError as error:
            raise cli.Failure('%s in the macros file %s' % (error, imports[0])) from None
        bad = unsafe_import(imported, folder)
        if bad is not None:
            raise cli.Failure('The macros file imports %r: only a file beside the tool can be given' % bad)
    inline = [el for el in macros_el if el.tag != 'import']
    definitions = inline + (list(imported) if imported is not None else [])
    tokens_only = all(el.tag == 'token' or (el.tag == 'macro' and el.get('type') == 'token') for el in inline)
    keep = (root.find('.//expand') is None and tokens_only and not (imports and inline)
            and not any(el.tag in ('import', 'template') or (el.tag == 'macro' and el.get('type') == 'template')
                        for el in definitions))
    if keep:
        try:
            tokens = macros._nested_tokens([(el.get('name'), el.text or '') for el in definitions
                                            if el.tag in ('token', 'macro') and el.get('type', 'token') == 'token'])
        except macros.MacroError as error:
            raise cli.Failure(str(error)) from None
        root.remove(macros_el)
        return tokens, (macros_text if imports else _inline_macros(macros_el, inline)), []
    try:
        templates = macros.expand(root, os.path.join(folder, TOOL_FILE))
    except macros.MacroError as error:
        raise cli.Failure(str(error).replace(folder + os.sep, '')) from None
    root.remove(root.find('macros'))
    warnings = ['macros: expanded into the draft (the tool uses <expand>, xml or template macros, or both an '
                'import and inline tokens); the draft has no macros file']
    if templates:
        warnings.append('template macros %s are left out (a command includes them with #include)' % ', '.join(
            sorted(templates)))
    return {}, '', warnings


def import_tool(xml, macros_text=''):
    """(draft, warnings) of a tool XML."""
    with tempfile.TemporaryDirectory(prefix='medx-unbuild-') as folder:
        tool_path = os.path.join(folder, TOOL_FILE)
        with open(tool_path, 'w', encoding='utf-8') as sink:
            sink.write(xml)
        try:
            root = xmlread.parse(tool_path)
        except xmlread.XmlError as error:
            raise cli.Failure('Failed to parse file: %s' % str(error).replace('Invalid XML: ', '', 1)) from None
        if root.tag != 'tool':
            raise cli.Failure('Invalid XML: No tool element found')
        tokens, info_macros, warnings = _macros_mode(root, folder, macros_text or '')
    imp = _Importer(tokens)
    imp.warnings.extend(warnings)
    imp.extra_attrs(root, _KNOWN_TOOL_ATTRS, 'tool')
    profile = imp.ex(root.get('profile'))
    if profile != build.PROFILE:
        imp.warn('profile: %s becomes %s (a non-zero exit code fails the job, stderr does not)' % (
            profile or 'none', build.PROFILE))
    info = {'toolId': imp.ex(root.get('id') or ''), 'toolName': root.get('name') or root.get('id') or '',
            'version': imp.ex(root.get('version') or '1.0.0'), 'description': child_text(root, 'description', ''),
            'helpText': '', 'macros': info_macros}
    dependencies, command = [], None
    for element in root:
        tag = element.tag
        if tag == 'description':
            continue
        if tag == 'requirements':
            dependencies.extend(_requirements(imp, element))
        elif tag == 'command':
            command = element.text or ''
            imp.extra_attrs(element, {'detect_errors'}, '<command>')
            if element.get('detect_errors') not in (None, 'exit_code'):
                imp.warn('<command>: detect_errors="%s" becomes exit_code' % element.get('detect_errors'))
        elif tag == 'inputs':
            imp.extra_attrs(element, set(), '<inputs>')
            _inputs(imp, element)
        elif tag == 'outputs':
            _outputs(imp, element)
        elif tag == 'help':
            info['helpText'] = textwrap.dedent(element.text or '').strip('\n')
        elif tag == 'tests':
            imp.warn('<tests>: not imported (the builder writes them from a test run)')
        elif tag == 'macros':
            continue
        else:
            imp.warn('<%s> is left out (the builder cannot express it)' % tag)
    if command is None:
        imp.warn('the tool has no <command>')
    for script in sorted(set(_SCRIPT_REF.findall(command or ''))):
        imp.warn('the command runs %s from the tool\'s folder: add it under Scripts' % script)
    inputs = [p for p in imp.params if p['type'] not in build.OUTPUT_TYPES]
    outputs = [p for p in imp.params if p['type'] in build.OUTPUT_TYPES]
    draft = build.with_defaults({
        'info': info, 'dependencies': dependencies, 'params': inputs + outputs,
        'commandBlocks': [] if command is None else [{'id': 'block-1', 'content': command}],
    })
    return draft, imp.warnings


def unbuild(request):
    xml = request.get('xml')
    if not isinstance(xml, str):
        raise cli.Failure('unbuild: request needs "xml": the tool XML text')
    macros_text = request.get('macros') or ''
    if not isinstance(macros_text, str):
        raise cli.Failure('unbuild: "macros" must be the macros file\'s text')
    draft, warnings = import_tool(xml, macros_text)
    return {'draft': draft, 'warnings': warnings}


if __name__ == '__main__':
    cli.main(unbuild, 'unbuild')
