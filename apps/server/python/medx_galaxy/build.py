"""build: a parameter-builder draft (issue 16; BuilderDraft of packages/contract/src/tool-builder.ts) -> tool XML.

    request {"draft": BuilderDraft, "test": Test?}
    answer  {"xml": str, "files": {name: text}}

`files` holds the files the XML needs beside it other than the scripts (the server writes those): `macros.xml`
when info.macros is a `<macros>` XML document. The XML validates against Galaxy's tool XSD (schema.py) except for
the `medx_viewer` attribute, and loads with load.py. unbuild.py is the inverse mapping; what does not survive the
way back is listed in its docstring.

`test` (optional) is the author's test run as Galaxy `<tests>` (one `<test>`):
    {"values":  {flat Galaxy key ("cond|param", "box|box_center_x"): value},
     "inputs":  {data param name or flat key: [file names in test-data]},
     "outputs": {output_data name: file name | {"file", "compare"?, "delta"?, "lines_diff"?, "sort"?},
                 output_collection name: {"count"?, "elements"?: {element name: file name | {...}}},
                 "collection|element": file name | {...}}}
Keys of values and inputs are flat Galaxy keys or bare param names (a branch param's goes inside its
conditional); inputs take a list of file names (a multiple data input's several datasets).

Mapping (draft -> XML):

| draft                          | Galaxy tool XML                                                                   |
|--------------------------------|-----------------------------------------------------------------------------------|
| info.toolId, toolName, version | `<tool id name version profile="22.05">`                                          |
| info.description               | `<description>` (when not empty)                                                  |
| info.macros, `<macros>` XML    | file macros.xml + `<macros><import>macros.xml</import></macros>` (tokens only:    |
|                                | the builder never writes `<expand>`)                                              |
| info.macros, text lines        | `@TOKEN@ value` / `TOKEN value` -> inline `<macros><token name="@TOKEN@">value`   |
| dependencies[]                 | `<requirement type="package" version>name</requirement>`; channel has no place in |
|                                | Galaxy requirements: it stays in the draft only                                   |
| commandBlocks[]                | `<command detect_errors="exit_code"><![CDATA[...]]>`: contents joined by newlines, |
|                                | exact text (a `]]>` inside is split over two CDATA sections)                      |
| info.helpText                  | `<help><![CDATA[...]]></help>`                                                    |
| label, help                    | attributes (omitted when empty); required=false -> optional="true"              |
| data                           | `<param type="data" format="f1,f2" multiple>` (fileTypes' formats)               |
| select                         | `<param type="select" multiple>` + `<option value selected>label</option>`;     |
|                                | default: the selected value (a multiple select: values separated by commas)      |
| float, integer                 | `type value min max` (validator.min/max); validator.step has no Galaxy attribute |
| range                          | float `value min max` + `<validator type="in_range" min max/>` (the validator is  |
|                                | how unbuild tells a range from a float); step dropped                            |
| boolean                        | `type="boolean" checked truevalue="true" falsevalue="false"`                      |
| text                           | `type="text" value`                                                                |
| date                           | text + `<validator type="regex">^\\d{4}-\\d{2}-\\d{2}$</validator>`                |
| time                           | text + `<validator type="regex">^\\d{2}:\\d{2}(:\\d{2})?$</validator>`             |
| color                          | `type="color" value` (no value: Galaxy's default #000000)                        |
| dependency                     | `type="data_column" data_ref="<dependsOn.param>" multiple value`                 |
| condition N                    | `<conditional name="N"><param name="N_selector" type="select" label help>` with  |
|                                | its options, and a `<when value>` per option holding the params whose dependsOn   |
|                                | is {param: N, value}; the selector is never optional (Galaxy refuses that)        |
| 3d_viewer_box/_residue/_atom   | `type="text" medx_viewer="box|residue|atom" value`                               |
| 3d_viewer_docking_box N        | `<section name="N" title="label" expanded="true">` with six floats N_center_x,    |
|                                | N_center_y, N_center_z, N_size_x, N_size_y, N_size_z; the first carries           |
|                                | medx_viewer="docking_box" and the help; default "cx cy cz sx sy sz" -> values     |
| output_data                    | `<outputs><data name format label>` (label as written, no "on ${on_string}")     |
| output_collection N            | `<collection name type="list" label><discover_datasets pattern="__name_and_ext__" |
|                                | directory="N" format/>`: the files the command writes into folder N, each named   |
|                                | and typed by its file name, the draft's format for a file without extension       |

Choices the mapping makes:
- The docking box is six floats in a section, medx_viewer on the first: params.py reads medx_viewer on params
  only (a section's viewer is always null), and the tool form's applyBox fills the params of the viewer param's
  level whose names end in center_x ... size_z, which N_center_x ... match (docking.xml does the same with
  center_x inside its `box` branch). The command reads them as $N.N_center_x. The section has no help attribute
  in the XSD, so the help goes on the first float.
- The collection's format is on <discover_datasets>: the XSD's <collection> has no format attribute.
- dependsOn with value null on a type other than dependency ("needs that param") has no Galaxy form: dropped.
- validator min/max apply to float, integer and range only; the docking box ignores them.
"""
import re
import xml.etree.ElementTree as ET

from . import cli

PROFILE = '22.05'
DOCKING_FIELDS = ('center_x', 'center_y', 'center_z', 'size_x', 'size_y', 'size_z')
DOCKING_LABELS = ('Centre x (Å)', 'Centre y (Å)', 'Centre z (Å)', 'Size x (Å)', 'Size y (Å)', 'Size z (Å)')
DATE_REGEX = r'^\d{4}-\d{2}-\d{2}$'
TIME_REGEX = r'^\d{2}:\d{2}(:\d{2})?$'
DATE_MESSAGE = 'A date as YYYY-MM-DD'
TIME_MESSAGE = 'A time as HH:MM or HH:MM:SS'
VIEWER_OF_TYPE = {'3d_viewer_box': 'box', '3d_viewer_residue': 'residue', '3d_viewer_atom': 'atom'}
OUTPUT_TYPES = ('output_data', 'output_collection')
PARAM_TYPES = ('data', 'select', 'float', 'integer', 'boolean', 'text', 'date', 'time', 'color', 'range',
               'dependency', 'condition', '3d_viewer_box', '3d_viewer_residue', '3d_viewer_atom',
               '3d_viewer_docking_box', 'output_data', 'output_collection')
COLLECTION_PATTERN = '__name_and_ext__'
MACROS_FILE = 'macros.xml'

# Characters XML 1.0 cannot hold at all (not even escaped): a draft with one cannot become a tool.
_NOT_XML = re.compile('[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]')


# --- the draft with the contract's defaults (zod fills them on the server; programs must not rely on it) ---

def _param_defaults(param):
    validator = param.get('validator') or {}
    depends = param.get('dependsOn')
    return {
        'type': param.get('type'), 'name': param.get('name', ''), 'label': param.get('label') or '',
        'help': param.get('help') or '', 'default': param.get('default'),
        'options': [{'value': str(o.get('value', '')), 'label': str(o.get('label', ''))}
                    for o in param.get('options') or []],
        'fileTypes': [{'format': str(f.get('format', '')), 'label': str(f.get('label', ''))}
                      for f in param.get('fileTypes') or []],
        'format': param.get('format') or '', 'multiple': bool(param.get('multiple', False)),
        'required': bool(param.get('required', True)),
        'validator': {'min': validator.get('min'), 'max': validator.get('max'), 'step': validator.get('step')},
        'dependsOn': None if not depends else {'param': depends.get('param', ''), 'value': depends.get('value')},
    }


def with_defaults(draft):
    """The draft with every field the contract defaults (BuilderDraft's zod output shape)."""
    info = draft.get('info') or {}
    return {
        'info': {'toolId': info.get('toolId', ''), 'toolName': info.get('toolName', ''),
                 # zod's .default: only a missing version is 1.0.0 (an empty one stays empty, and is refused).
                 'version': '1.0.0' if info.get('version') is None else info['version'],
                 'description': info.get('description') or '', 'helpText': info.get('helpText') or '',
                 'macros': info.get('macros') or ''},
        'dependencies': [{'name': d.get('name', ''), 'version': d.get('version') or '',
                          'channel': d.get('channel') or ''} for d in draft.get('dependencies') or []],
        'params': [_param_defaults(p) for p in draft.get('params') or []],
        'values': draft.get('values') or {},
        'commandBlocks': [{'id': b.get('id', ''), 'content': b.get('content', '')}
                          for b in draft.get('commandBlocks') or []],
        'scripts': draft.get('scripts') or [],
        'test': draft.get('test'),
    }


# --- a small XML writer: the stdlib's ElementTree cannot write CDATA, and the XML is read by people ---

class Node:
    def __init__(self, tag, attrs=(), children=(), text=None, cdata=None):
        self.tag = tag
        # (name, value) pairs in writing order; None values are left out.
        self.attrs = [(k, v) for k, v in attrs if v is not None]
        self.children = list(children)
        self.text = text
        self.cdata = cdata


def _check_chars(value, where):
    if _NOT_XML.search(value):
        raise cli.Failure('%s holds a character XML cannot contain (a control character)' % where)
    return value


def _attr(value):
    escaped = (value.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')
               .replace('\n', '&#10;').replace('\r', '&#13;').replace('\t', '&#9;'))
    return '"%s"' % escaped


def _text(value):
    # \r would be read back as \n (XML end-of-line handling): written as a reference it survives.
    return value.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('\r', '&#13;')


def cdata(value):
    """A CDATA section of value (exact text); a ']]>' inside ends one section and starts the next.
    A \\r cannot survive inside CDATA (XML turns \\r\\n into \\n): written as escaped text between sections."""
    parts = []
    for index, chunk in enumerate(value.split('\r')):
        if index:
            parts.append('&#13;')
        if chunk:
            parts.append('<![CDATA[%s]]>' % chunk.replace(']]>', ']]]]><![CDATA[>'))
    return ''.join(parts) or '<![CDATA[]]>'


def render(node, depth=0):
    pad = '    ' * depth
    attrs = ''.join(' %s=%s' % (k, _attr(v)) for k, v in node.attrs)
    if node.cdata is not None:
        return '%s<%s%s>%s</%s>\n' % (pad, node.tag, attrs, cdata(node.cdata), node.tag)
    if node.text is not None:
        return '%s<%s%s>%s</%s>\n' % (pad, node.tag, attrs, _text(node.text), node.tag)
    if not node.children:
        return '%s<%s%s/>\n' % (pad, node.tag, attrs)
    inner = ''.join(render(child, depth + 1) for child in node.children)
    return '%s<%s%s>\n%s%s</%s>\n' % (pad, node.tag, attrs, inner, pad, node.tag)


# --- values ---

def number_text(value, kind):
    """A number as Galaxy reads it back (integers without '.0'); None for no value."""
    if value is None or value == '' or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise cli.Failure('%r is not a number' % (value,)) from None
    if kind == 'integer' or (number.is_integer() and abs(number) < 1e15):
        return str(int(number))
    return repr(number)


def value_text(value):
    """A default or test value as an attribute: booleans as Galaxy writes them, lists joined by commas."""
    if value is None:
        return None
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, (list, tuple)):
        return ','.join(value_text(v) for v in value if v is not None)
    if isinstance(value, float):
        return number_text(value, 'float')
    return str(value)


def _bool(value):
    return 'true' if value else 'false'


def docking_values(default):
    """The six numbers of a docking box default ("cx cy cz sx sy sz", commas allowed), or six None."""
    if default is None or default == '':
        return [None] * 6
    if isinstance(default, (list, tuple)):
        parts = list(default)
    else:
        parts = [p for p in re.split(r'[\s,]+', str(default).strip()) if p]
    if len(parts) != 6:
        raise cli.Failure('a docking box default needs six numbers (centre x y z, size x y z), not %r' % (default,))
    return [number_text(p, 'float') for p in parts]


# --- params ---

def _common(param):
    return [('label', param['label'] or None), ('help', param['help'] or None)]


def _optional(param):
    return None if param['required'] else 'true'


def _options(param, defaults):
    return [Node('option', [('value', o['value']), ('selected', 'true' if o['value'] in defaults else None)],
                 text=o['label'] or o['value']) for o in param['options']]


def _select_defaults(param):
    default = param['default']
    if default is None or default == '':
        return set()
    if param['multiple'] and not isinstance(default, (list, tuple)):
        return {v.strip() for v in str(default).split(',') if v.strip()}
    if isinstance(default, (list, tuple)):
        return {value_text(v) for v in default}
    return {value_text(default)}


def _numeric(param, kind, where):
    try:
        value = number_text(param['default'], kind)
        low = number_text(param['validator']['min'], kind)
        high = number_text(param['validator']['max'], kind)
    except cli.Failure as failure:
        raise cli.Failure('%s: %s' % (where, failure)) from None
    return value, low, high


def param_nodes(param, where):
    """The input elements of one non-output param (a docking box is a section, a condition a conditional)."""
    kind, name = param['type'], param['name']
    if kind == 'data':
        formats = ','.join(f['format'].strip() for f in param['fileTypes'] if f['format'].strip()) or 'data'
        attrs = [('name', name), ('type', 'data'), ('format', formats),
                 ('multiple', 'true' if param['multiple'] else None), ('optional', _optional(param))]
        return [Node('param', attrs + _common(param))]
    if kind == 'select':
        optional = _optional(param)
        if param['multiple'] and optional is None:
            # Galaxy makes a multiple select optional unless told otherwise.
            optional = 'false'
        attrs = [('name', name), ('type', 'select'), ('multiple', 'true' if param['multiple'] else None),
                 ('optional', optional)]
        return [Node('param', attrs + _common(param), _options(param, _select_defaults(param)))]
    if kind in ('float', 'integer', 'range'):
        galaxy_kind = 'integer' if kind == 'integer' else 'float'
        value, low, high = _numeric(param, galaxy_kind, where)
        attrs = [('name', name), ('type', galaxy_kind), ('value', value), ('min', low), ('max', high),
                 ('optional', _optional(param))]
        children = []
        if kind == 'range':
            children.append(Node('validator', [('type', 'in_range'), ('min', low), ('max', high)]))
        return [Node('param', attrs + _common(param), children)]
    if kind == 'boolean':
        checked = None if param['default'] is None or param['default'] == '' else _bool(
            param['default'] is True or str(param['default']).lower() == 'true')
        attrs = [('name', name), ('type', 'boolean'), ('checked', checked), ('truevalue', 'true'),
                 ('falsevalue', 'false'), ('optional', _optional(param))]
        return [Node('param', attrs + _common(param))]
    if kind in ('text', 'date', 'time', 'color') or kind in VIEWER_OF_TYPE:
        galaxy_kind = 'color' if kind == 'color' else 'text'
        attrs = [('name', name), ('type', galaxy_kind), ('value', value_text(param['default'])),
                 ('optional', _optional(param))] + _common(param) + [('medx_viewer', VIEWER_OF_TYPE.get(kind))]
        children = []
        if kind == 'date':
            children.append(Node('validator', [('type', 'regex'), ('message', DATE_MESSAGE)], text=DATE_REGEX))
        elif kind == 'time':
            children.append(Node('validator', [('type', 'regex'), ('message', TIME_MESSAGE)], text=TIME_REGEX))
        return [Node('param', attrs, children)]
    if kind == 'dependency':
        attrs = [('name', name), ('type', 'data_column'), ('data_ref', (param['dependsOn'] or {}).get('param')),
                 ('value', value_text(param['default'])), ('multiple', 'true' if param['multiple'] else None),
                 ('optional', _optional(param))]
        return [Node('param', attrs + _common(param))]
    if kind == '3d_viewer_docking_box':
        try:
            values = docking_values(param['default'])
        except cli.Failure as failure:
            raise cli.Failure('%s: %s' % (where, failure)) from None
        floats = []
        for index, (field, label, value) in enumerate(zip(DOCKING_FIELDS, DOCKING_LABELS, values)):
            first = index == 0
            floats.append(Node('param', [
                ('name', '%s_%s' % (name, field)), ('type', 'float'), ('value', value), ('optional', _optional(param)),
                ('label', label), ('help', (param['help'] or None) if first else None),
                ('medx_viewer', 'docking_box' if first else None)]))
        return [Node('section', [('name', name), ('title', param['label'] or name), ('expanded', 'true')], floats)]
    raise cli.Failure('%s: unknown param type %r' % (where, kind))


def _conditional(param, branches, where):
    selector = Node('param', [('name', '%s_selector' % param['name']), ('type', 'select')] + _common(param),
                    _options(param, _select_defaults(dict(param, multiple=False))))
    whens = []
    for option in param['options']:
        inner = []
        for index, child in branches.get(option['value'], []):
            inner.extend(param_nodes(child, 'params.%d' % index))
        whens.append(Node('when', [('value', option['value'])], inner))
    return Node('conditional', [('name', param['name'])], [selector] + whens)


def _output_node(param):
    label = param['label'] or None
    if param['type'] == 'output_data':
        return Node('data', [('name', param['name']), ('format', param['format'] or 'data'), ('label', label)])
    discover = Node('discover_datasets', [('pattern', COLLECTION_PATTERN), ('directory', param['name']),
                                          ('format', param['format'] or None)])
    return Node('collection', [('name', param['name']), ('type', 'list'), ('label', label)], [discover])


def _layout(params):
    """(top-level inputs, {condition: {value: [(index, param)]}}, outputs), Failure on a branch of nothing."""
    by_name = {p['name']: p for p in params}
    top, branches, outputs = [], {}, []
    for index, param in enumerate(params):
        if param['type'] not in PARAM_TYPES:
            raise cli.Failure('params.%d: unknown param type %r' % (index, param['type']))
        depends = param['dependsOn']
        if param['type'] in OUTPUT_TYPES:
            outputs.append(param)
        elif depends and depends.get('value') is not None and param['type'] != 'dependency':
            target = by_name.get(depends['param'])
            if (not target or target['type'] != 'condition' or param['type'] == 'condition'
                    or not any(o['value'] == depends['value'] for o in target['options'])):
                raise cli.Failure('params.%d: %s is not in a branch of a condition (dependsOn %s = %s)' % (
                    index, param['name'], depends['param'], depends['value']))
            branches.setdefault(target['name'], {}).setdefault(depends['value'], []).append((index, param))
        else:
            top.append((index, param))
    return top, branches, outputs


# --- macros ---

def token_lines(text):
    """[(@TOKEN@, value)] of a text macros file: `@TOKEN@ value` or `TOKEN value` lines ('#' starts a comment)."""
    tokens = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        parts = line.split(None, 1)
        name, value = parts[0].strip('@'), parts[1] if len(parts) > 1 else ''
        if not name:
            continue
        tokens.append(('@%s@' % name, value.strip()))
    return tokens


def is_xml_macros(text):
    return text.lstrip().startswith('<')


def _macros(info):
    """(<macros> node or None, extra files) of info.macros."""
    text = info['macros']
    if not text.strip():
        return None, {}
    if is_xml_macros(text):
        try:
            root = ET.fromstring(text)
        except ET.ParseError as error:
            raise cli.Failure('info.macros: Invalid XML: %s' % error) from None
        if root.tag != 'macros':
            raise cli.Failure('info.macros: the root element is <%s>, not <macros>' % root.tag)
        return Node('macros', children=[Node('import', text=MACROS_FILE)]), {MACROS_FILE: text}
    tokens = [Node('token', [('name', _check_chars(name, 'info.macros'))], text=_check_chars(value, 'info.macros'))
              for name, value in token_lines(text)]
    return (Node('macros', children=tokens) if tokens else None), {}


# --- tests ---

def _places(params):
    """{param name: [(group kind, group name), ...]}: where each param sits in the inputs tree."""
    places = {}
    for param in params:
        depends = param['dependsOn']
        if param['type'] in OUTPUT_TYPES:
            continue
        if depends and depends.get('value') is not None and param['type'] != 'dependency':
            places[param['name']] = [('conditional', depends['param'])]
        else:
            places[param['name']] = []
    return places


def _group_kinds(params):
    kinds = {}
    for param in params:
        if param['type'] == 'condition':
            kinds[param['name']] = 'conditional'
        elif param['type'] == '3d_viewer_docking_box':
            kinds[param['name']] = 'section'
    return kinds


class _TestTree:
    """The nested <param>/<conditional>/<section> elements of a test, in first-seen order."""

    def __init__(self):
        self.root = Node('test')
        self.groups = {}

    def group(self, path):
        node = self.root
        for depth in range(len(path)):
            key = tuple(path[:depth + 1])
            if key not in self.groups:
                kind, name = path[depth]
                self.groups[key] = Node(kind, [('name', name)])
                node.children.append(self.groups[key])
            node = self.groups[key]
        return node

    def add(self, path, name, value):
        self.group(path).children.append(Node('param', [('name', name), ('value', value)]))


def _test_output(tag, name, entry, where):
    if isinstance(entry, str):
        entry = {'file': entry}
    if not isinstance(entry, dict) or not isinstance(entry.get('file'), str):
        raise cli.Failure('%s: an output needs a file name (or {"file", "compare"})' % where)
    attrs = [('name', name), ('file', entry['file']), ('compare', entry.get('compare'))]
    for key in ('delta', 'lines_diff'):
        if entry.get(key) is not None:
            attrs.append((key, str(int(entry[key]))))
    if entry.get('sort') is not None:
        attrs.append(('sort', _bool(entry['sort'])))
    return Node(tag, attrs)


def _test_key(key, kinds, places, where):
    """(group path, param name) of a test key: a flat Galaxy key ("cond|param", "box|box_center_x") or a bare
    param name (a branch param is then put inside its conditional)."""
    parts = str(key).split('|')
    if len(parts) == 1:
        if parts[0] in kinds:
            raise cli.Failure('%s: %s is a group: give its params as %s|name' % (where, key, key))
        if parts[0] not in places:
            raise cli.Failure('%s: %s names no param of the draft' % (where, key))
        return places[parts[0]], parts[0]
    path = []
    for part in parts[:-1]:
        if part not in kinds:
            raise cli.Failure('%s: %s is not a condition or docking box (in %s)' % (where, part, key))
        path.append((kinds[part], part))
    return path, parts[-1]


def tests_node(test, params):
    kinds = _group_kinds(params)
    places = _places(params)
    by_name = {p['name']: p for p in params}
    tree = _TestTree()
    for key, value in (test.get('values') or {}).items():
        path, name = _test_key(key, kinds, places, 'test.values')
        text = value_text(value)
        if text is not None:
            tree.add(path, name, text)
    # Data inputs: by param name or flat key, each a list of file names in test-data (joined as Galaxy's tests
    # write several datasets of a multiple input).
    for key, files in (test.get('inputs') or {}).items():
        path, name = _test_key(key, kinds, places, 'test.inputs')
        if name not in by_name or by_name[name]['type'] != 'data':
            raise cli.Failure('test.inputs: %s is not a data param of the draft' % key)
        names = [files] if isinstance(files, str) else list(files)
        tree.add(path, name, ','.join(names))
    collections = {}
    for name, entry in (test.get('outputs') or {}).items():
        where = 'test.outputs.%s' % name
        collection, _, element = str(name).partition('|')
        param = by_name.get(collection)
        if not param or param['type'] not in OUTPUT_TYPES or (element and param['type'] != 'output_collection'):
            raise cli.Failure('%s: not an output of the draft' % where)
        if param['type'] == 'output_data':
            tree.root.children.append(_test_output('output', name, entry, where))
            continue
        # A collection: {"count", "elements": {name: file}}, or one element as "collection|element": file.
        node = collections.get(collection)
        if node is None:
            node = collections[collection] = Node('output_collection', [('name', collection), ('type', 'list')])
            tree.root.children.append(node)
        if element:
            node.children.append(_test_output('element', element, entry, where))
            continue
        entry = entry if isinstance(entry, dict) else {}
        if entry.get('count') is not None:
            node.attrs.append(('count', str(int(entry['count']))))
        for element, file in (entry.get('elements') or {}).items():
            node.children.append(_test_output('element', element, file, '%s.%s' % (where, element)))
    return Node('tests', children=[tree.root])


# --- the tool ---

def build_xml(draft, test=None):
    """(xml text, files) of a draft (defaults are filled here)."""
    draft = with_defaults(draft)
    info = draft['info']
    for field in ('toolId', 'toolName', 'version'):
        if not str(info[field]).strip():
            raise cli.Failure('info.%s is required' % field)
    params = draft['params']
    top, branches, outputs = _layout(params)
    macros_node, files = _macros(info)
    children = []
    if info['description']:
        children.append(Node('description', text=info['description']))
    if macros_node is not None:
        children.append(macros_node)
    requirements = [Node('requirement', [('type', 'package'), ('version', d['version'] or None)], text=d['name'])
                    for d in draft['dependencies'] if d['name'].strip()]
    if requirements:
        children.append(Node('requirements', children=requirements))
    command = '\n'.join(block['content'] for block in draft['commandBlocks'])
    children.append(Node('command', [('detect_errors', 'exit_code')], cdata=command))
    inputs = []
    for index, param in top:
        if param['type'] == 'condition':
            inputs.append(_conditional(param, branches.get(param['name'], {}), 'params.%d' % index))
        else:
            inputs.extend(param_nodes(param, 'params.%d' % index))
    children.append(Node('inputs', children=inputs))
    children.append(Node('outputs', children=[_output_node(p) for p in outputs]))
    if test:
        children.append(tests_node(test, params))
    if info['helpText']:
        children.append(Node('help', cdata=info['helpText']))
    tool = Node('tool', [('id', info['toolId']), ('name', info['toolName']), ('version', info['version']),
                         ('profile', PROFILE)], children)
    xml = render(tool)
    _check_chars(xml, 'the draft')
    return xml, files


def build(request):
    draft = request.get('draft')
    if not isinstance(draft, dict):
        raise cli.Failure('build: request needs "draft": a BuilderDraft')
    test = request.get('test')
    if test is not None and not isinstance(test, dict):
        raise cli.Failure('build: "test" must be {values, inputs, outputs}')
    xml, files = build_xml(draft, test)
    return {'xml': xml, 'files': files}


if __name__ == '__main__':
    cli.main(build, 'build')
