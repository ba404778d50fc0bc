"""The <inputs> tree of a tool as the brief's Param JSON (Galaxy's lib/galaxy/tools/parameters/basic.py and
grouping.py read the same attributes)."""
from . import sanitize
from .xmlutil import as_bool, as_int, as_number, attr_or_child

# Types other than data, text, integer, float, boolean, select, hidden (color, hidden_data, data_collection,
# data_column, drill_down, genomebuild...) are kept with "unsupported": true; render passes a given value as text.


class ParamError(Exception):
    """An input the tool model cannot describe (no name, a conditional without test param)."""


def param_name(element):
    """Galaxy names a param by `name`, else by `argument` without leading dashes, '-' -> '_'."""
    name = element.get('name')
    if name is None and element.get('argument'):
        name = element.get('argument').lstrip('-').replace('-', '_')
    if not name:
        raise ParamError('A <%s> has no name' % element.tag)
    return name


def parse_inputs(parent, tool_sanitize=True):
    """Params of an <inputs> (or <when>, <repeat>, <section>, <page>) element."""
    params = []
    for element in parent:
        if element.tag == 'page':
            params.extend(parse_inputs(element, tool_sanitize))
        elif element.tag in ('param', 'conditional', 'repeat', 'section'):
            params.append(parse_one(element, tool_sanitize))
    return params


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
        raise ParamError('Conditional %s has no test param' % element.get('name'))
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
        # Listed as unsupported (no colour picker in the brief's model) but rendered as Galaxy does.
        param.update({'unsupported': True, 'value': element.get('value', '#000000').lower(),
                      'rgb': as_bool(element.get('rgb'))})
    else:
        # Any other type (color, data_column, data_collection...) is listed but not supported.
        param['unsupported'] = True
        param['value'] = element.get('value')
    if kind in ('select', 'hidden') or (param.get('unsupported') and kind != 'color'):
        sanitizer_el = element.find('sanitizer')
        param['sanitizer'] = sanitize.from_element(sanitizer_el) if sanitizer_el is not None else None
        if not tool_sanitize:
            param['sanitizer'] = {'sanitize': False, 'invalid_char': 'X', 'valid': '', 'mapping': {}}
    return param


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
