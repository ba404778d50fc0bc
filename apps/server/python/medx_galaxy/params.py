"""The <inputs> tree of a tool as the brief's Param JSON (Galaxy's lib/galaxy/tools/parameters/basic.py and
grouping.py read the same attributes)."""
import re

from . import sanitize, xmlread
from .xmlutil import as_bool, as_int, as_number, attr_or_child

# Types other than data, text, integer, float, boolean, select, hidden, color and data_column (hidden_data,
# data_collection, drill_down, genomebuild, group_tag...) are kept with "unsupported": true; render passes a given
# value as text.

COLUMN_NUMBER = re.compile(r'[1-9][0-9]*')


class ParamError(Exception):
    """An input the tool model cannot describe (no name, a conditional without test param, a data_column whose
    data_ref names no data input); line: the line of the element in the tool's file, when known."""

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def column_numbers(value):
    """The columns a data_column value names, as Galaxy's ColumnListParameter.from_json reads them: items split
    on ',' and new lines, stripped, a leading 'c' dropped ('c2' -> '2'), as strings of digits without leading
    zeros; [] for none (None, '', []). ValueError when an item is not a column number (1, 2, ...)."""
    if value is None:
        return []
    columns = []
    for item in value if isinstance(value, (list, tuple)) else [value]:
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise ValueError(item)
        for piece in str(item).replace('\n', ',').split(','):
            piece = piece.strip()
            if not piece:
                continue
            if piece[0] in 'cC' and piece[1:].isdigit():
                piece = piece[1:]
            if not COLUMN_NUMBER.fullmatch(piece.lstrip('0') or '0'):
                raise ValueError(piece)
            columns.append(str(int(piece)))
    return columns


def param_name(element):
    """Galaxy names a param by `name`, else by `argument` without leading dashes, '-' -> '_'."""
    name = element.get('name')
    if name is None and element.get('argument'):
        name = element.get('argument').lstrip('-').replace('-', '_')
    if not name:
        raise ParamError('A <%s> has no name' % element.tag, xmlread.line_of(element))
    return name


def parse_inputs(parent, tool_sanitize=True):
    """Params of an <inputs> (or <when>, <repeat>, <section>, <page>) element."""
    params = []
    for element in parent:
        if element.tag == 'page':
            params.extend(parse_inputs(element, tool_sanitize))
        elif element.tag in ('param', 'conditional', 'repeat', 'section'):
            params.append(parse_one(element, tool_sanitize))
    if parent.tag == 'inputs':
        # The tool's whole <inputs> (pages, conditionals, repeats and sections parse through here too).
        _check_data_refs(parent)
    return params


def _check_data_refs(inputs_el):
    """Every data_column names a data input of the tool by data_ref (Galaxy's column chooser lists the columns
    of that input's dataset); a data_collection is accepted as Galaxy does (the tool stays unsupported for it)."""
    data_inputs = set()
    for element in inputs_el.iter('param'):
        if element.get('type') in ('data', 'data_collection'):
            try:
                data_inputs.add(param_name(element))
            except ParamError:
                pass
    for element in inputs_el.iter('param'):
        if element.get('type') != 'data_column':
            continue
        ref = element.get('data_ref')
        if ref not in data_inputs:
            what = 'has no data_ref' if not ref else 'has data_ref="%s", which is not a data input of this tool' % ref
            raise ParamError('The data_column %s %s' % (param_name(element), what), xmlread.line_of(element))


def parse_one(element, tool_sanitize=True):
    if element.tag == 'conditional':
        return _conditional(element, tool_sanitize)
    if element.tag == 'repeat':
        minimum = as_int(element.get('min'), 0)
        maximum = as_int(element.get('max'))
        default = max(as_int(element.get('default'), 0), minimum)
        if maximum is not None:
            default = min(default, maximum)
        return {'name': param_name(element), 'type': 'repeat', 'title': element.get('title') or param_name(element),
                'min': minimum, 'max': maximum, 'default': default, 'label': None,
                'help': attr_or_child(element, 'help'), 'optional': False, 'argument': None, 'viewer': None,
                'inputs': parse_inputs(element, tool_sanitize)}
    if element.tag == 'section':
        return {'name': param_name(element), 'type': 'section', 'title': element.get('title') or param_name(element),
                'expanded': as_bool(element.get('expanded')), 'label': None, 'help': attr_or_child(element, 'help'),
                'optional': False, 'argument': None, 'viewer': None, 'inputs': parse_inputs(element, tool_sanitize)}
    return _param(element, tool_sanitize)


def _conditional(element, tool_sanitize):
    test_el = element.find('param')
    if test_el is None:
        raise ParamError('Conditional %s has no test param' % element.get('name'), xmlread.line_of(element))
    test_param = _param(test_el, tool_sanitize)
    cases = [{'value': when.get('value', ''), 'inputs': parse_inputs(when, tool_sanitize)}
             for when in element.findall('when')]
    return {'name': param_name(element), 'type': 'conditional', 'label': element.get('label'), 'help': None,
            'optional': False, 'argument': None, 'viewer': None, 'test_param': test_param, 'cases': cases}


def _param(element, tool_sanitize):
    kind = element.get('type', 'text')
    param = {
        'name': param_name(element), 'type': kind, 'label': attr_or_child(element, 'label'),
        'help': attr_or_child(element, 'help'), 'optional': as_bool(element.get('optional')),
        'argument': element.get('argument'), 'viewer': element.get('medx_viewer'),
    }
    if kind == 'data':
        param.update({
            'format': [f.strip().lower() for f in element.get('format', 'data').split(',') if f.strip()],
            'multiple': as_bool(element.get('multiple')), 'min': as_int(element.get('min')),
            'max': as_int(element.get('max')),
        })
    elif kind == 'text':
        sanitizer_el = element.find('sanitizer')
        sanitizer = sanitize.from_element(sanitizer_el) if sanitizer_el is not None else None
        if not tool_sanitize:
            # <options sanitize="false"/> on the tool turns sanitizing off for every param (Galaxy's
            # tool.options.sanitize); the JSON model has no tool-level key, so it is carried by each param.
            sanitizer = {'sanitize': False, 'invalid_char': 'X', 'valid': '', 'mapping': {}}
        param.update({'value': element.get('value', ''), 'area': as_bool(element.get('area')),
                      'sanitizer': sanitizer})
    elif kind in ('integer', 'float'):
        param.update({'value': as_number(element.get('value'), kind), 'min': as_number(element.get('min'), kind),
                      'max': as_number(element.get('max'), kind)})
    elif kind == 'boolean':
        param.update({'checked': as_bool(element.get('checked')), 'truevalue': element.get('truevalue', 'true'),
                      'falsevalue': element.get('falsevalue', 'false')})
    elif kind == 'select':
        options = {}
        for option in element.findall('option'):
            value = option.get('value')
            text = ''.join((option.text or '').splitlines()).strip() or value
            options[value] = {'value': value, 'label': text, 'selected': as_bool(option.get('selected'))}
        dynamic = element.find('options') is not None or element.get('dynamic_options') is not None
        param.update({'options': [] if dynamic else list(options.values()),
                      'multiple': as_bool(element.get('multiple')), 'display': element.get('display'),
                      'dynamic': dynamic,
                      # Extension: what joins a multiple select's values in the command (Galaxy's separator).
                      'separator': element.get('separator', ',')})
        if element.get('display') == 'checkboxes':
            # Galaxy: checkboxes display implies multiple.
            param['multiple'] = True
        if element.get('optional') is None and as_bool(element.get('multiple')):
            # Galaxy's SelectToolParameter: "Multiple selects are optional by default".
            param['optional'] = True
    elif kind == 'hidden':
        param['value'] = element.get('value', '')
    elif kind == 'color':
        # Galaxy's ColorToolParameter: "#rrggbb", default black; rgb="true" renders "(r, g, b)" (wrappers.py).
        param.update({'value': (element.get('value') or '#000000').lower(), 'rgb': as_bool(element.get('rgb'))})
    elif kind == 'data_column':
        param.update(_data_column(element, param))
    else:
        # Any other type (data_collection, drill_down, genomebuild...) is listed but not supported.
        param['unsupported'] = True
        param['value'] = element.get('value')
    if kind in ('select', 'hidden', 'data_column') or (param.get('unsupported') and kind != 'color'):
        sanitizer_el = element.find('sanitizer')
        param['sanitizer'] = sanitize.from_element(sanitizer_el) if sanitizer_el is not None else None
        if not tool_sanitize:
            param['sanitizer'] = {'sanitize': False, 'invalid_char': 'X', 'valid': '', 'mapping': {}}
    return param


def _data_column(element, param):
    """Galaxy's ColumnListParameter: a column number (1-based, as a string) of the tabular input named by data_ref,
    a list when multiple. Its default is the `value` attribute (legacy `default_value` first), else column 1 for a
    single required chooser (Galaxy selects the first column of the dataset). Not kept: numerical (only numeric
    columns offered) and use_header_names (header names as labels) change what Galaxy's chooser lists, not the
    value; MedX offers column numbers and does not read the dataset. accept_default="true" (an empty value takes
    the default, or 1) is kept as that default filled in. data_ref is checked by _check_data_refs."""
    multiple = as_bool(element.get('multiple'))
    given = element.get('default_value', element.get('value'))
    try:
        columns = column_numbers(given)
    except ValueError:
        raise ParamError('The data_column %s has value="%s", which is not a column number (1, 2, ...)'
                         % (param['name'], given), xmlread.line_of(element)) from None
    if len(columns) > 1 and not multiple:
        raise ParamError('The data_column %s has several columns in value="%s" but is not multiple'
                         % (param['name'], given), xmlread.line_of(element))
    if not columns and (as_bool(element.get('accept_default')) or not (param['optional'] or multiple)):
        columns = ['1']
    return {'data_ref': element.get('data_ref'), 'multiple': multiple,
            'value': columns if multiple else (columns[0] if columns else None)}


def walk(params):
    """Every param of the tree, depth first (test params of conditionals included)."""
    for param in params:
        yield param
        if param['type'] == 'conditional':
            yield param['test_param']
            for case in param['cases']:
                yield from walk(case['inputs'])
        elif param['type'] in ('repeat', 'section'):
            yield from walk(param['inputs'])
