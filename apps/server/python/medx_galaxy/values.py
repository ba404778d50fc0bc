"""Values of a job (the brief's Values tree): the tool's defaults and the values a <test> gives.

A test writes its params flat, with '|' between levels ("cond|sel", "rep_0|x") or, for tools of profile
<= 24.1, even unqualified ("sel"); Galaxy's tool_util/verify/parse_tool_test_descriptions.py matches them against
the inputs tree. We do the same, then fill what the test does not give with the tool's defaults, as the job
Galaxy runs for the test gets them (repeats get `min` instances when the test gives fewer).
"""
from .xmlutil import as_bool, as_bool_or_none, as_number


def _version_tuple(text):
    parts = []
    for piece in str(text).split('.'):
        digits = ''.join(c for c in piece if c.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


def profile_at_least(profile, version):
    return _version_tuple(profile or '16.01') >= _version_tuple(version)


def select_default(param):
    options = param.get('options') or []
    selected = [o['value'] for o in options if o.get('selected')]
    if param.get('multiple'):
        return selected or None
    if selected:
        return selected[-1] if len(selected) > 1 else selected[0]
    if options and not param.get('optional'):
        return options[0]['value']
    return None


def param_default(param):
    kind = param['type']
    if kind == 'data':
        return []
    if kind == 'boolean':
        return bool(param.get('checked'))
    if kind == 'select':
        return select_default(param)
    if kind == 'conditional':
        test = param['test_param']
        value = param_default(test)
        return dict({test['name']: value}, **defaults(case_inputs(param, value)))
    if kind == 'repeat':
        return [defaults(param['inputs']) for _ in range(param.get('default') or 0)]
    if kind == 'section':
        return defaults(param['inputs'])
    return param.get('value')


def defaults(params):
    return {param['name']: param_default(param) for param in params}


def bool_of(test_param, value):
    """A boolean test param's value (true/false or its truevalue/falsevalue) as a bool, Galaxy's way."""
    if isinstance(value, bool) or value is None:
        return value
    if value == test_param.get('truevalue'):
        return True
    if value == test_param.get('falsevalue'):
        return False
    return as_bool(value)


def matching_case(cond, value):
    """The <when> selected by the test param's value (None when no case matches)."""
    test = cond['test_param']
    for case in cond['cases']:
        if test['type'] == 'boolean':
            if bool_of(test, case['value']) == bool(value):
                return case
        elif isinstance(value, list):
            if case['value'] in value:
                return case
        elif case['value'] == ('' if value is None else str(value)):
            return case
    return None


def case_inputs(cond, value):
    case = matching_case(cond, value)
    return case['inputs'] if case else []


class _Context:
    """A param's place in the tree: the names a test may use for it (Galaxy's ParamContext)."""

    def __init__(self, name, parent=None, index=None, unqualified=True):
        self.name = name if index is None else '%s_%d' % (name, index)
        self.parent = parent
        self.unqualified = unqualified if parent is None else parent.unqualified

    def child(self, name, index=None):
        return _Context(name, self, index)

    def names(self):
        """Fully qualified first, then (legacy) dropping leading levels one by one."""
        chain = []
        node = self
        while node is not None and node.name is not None:
            chain.insert(0, node.name)
            node = node.parent
        if not self.unqualified:
            return ['|'.join(chain)]
        return ['|'.join(chain[i:]) for i in range(len(chain))]


class _Raw:
    """The flat test params, each taken once (Galaxy removes a raw param when it is matched)."""

    def __init__(self, items):
        self.items = list(items)

    def take(self, context):
        for name in context.names():
            for index in range(len(self.items) - 1, -1, -1):
                if self.items[index]['name'] == name:
                    return self.items.pop(index)
        return None


def test_values(params, raw_params, profile):
    """Values for a test: raw_params are [{"name", "value", "ftype", ...}] flattened from the <test>."""
    unqualified = not profile_at_least(profile, '24.2')
    raw = _Raw(raw_params)
    return _values(params, raw, _Context(None, None, None, unqualified))


def _values(params, raw, context):
    out = {}
    for param in params:
        out[param['name']] = _value(param, raw, context.child(param['name']))
    return out


def _value(param, raw, context):
    kind = param['type']
    if kind == 'section':
        return _values(param['inputs'], raw, context)
    if kind == 'repeat':
        instances = []
        index = 0
        while True:
            # An instance exists while the test gives any of its params (Galaxy's "updated" loop).
            before = len(raw.items)
            instance = _values(param['inputs'], raw, context.parent.child(param['name'], index))
            if len(raw.items) == before:
                break
            instances.append(instance)
            index += 1
        while len(instances) < param.get('min', 0):
            instances.append(defaults(param['inputs']))
        return instances
    if kind == 'conditional':
        test = param['test_param']
        found = raw.take(context.child(test['name']))
        value = _simple(test, found) if found else param_default(test)
        out = {test['name']: value}
        out.update(_values(case_inputs(param, value), raw, context))
        return out
    found = raw.take(context)
    if not found:
        return param_default(param)
    return _simple(param, found)


def _simple(param, found):
    kind = param['type']
    value = found.get('value')
    if kind == 'data':
        files = value.split(',') if isinstance(value, str) else (value or [])
        return [{'file': f, 'ftype': found.get('ftype')} for f in files if f]
    if kind == 'text':
        return '' if value is None else value
    if value is None:
        return None if kind != 'boolean' else param_default(param)
    if kind == 'boolean':
        first = value.split(',')[0] if isinstance(value, str) else value
        if first == param.get('truevalue'):
            return True
        if first == param.get('falsevalue'):
            return False
        result = as_bool_or_none(first) if param.get('optional') else as_bool(first)
        return result
    if kind in ('integer', 'float'):
        return as_number(value, kind)
    if kind == 'select':
        values = value.split(',') if isinstance(value, str) else list(value)
        values = [_select_value(param, v) for v in values]
        if param.get('multiple'):
            return values
        return values[0] if len(values) == 1 else ','.join(values)
    return value


def _select_value(param, value):
    """Tests may name an option by its text (legacy): use its value then."""
    options = param.get('options') or []
    if any(o['value'] == value for o in options):
        return value
    for option in options:
        if option['label'] == value:
            return option['value']
    return value
