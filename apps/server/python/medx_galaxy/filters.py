"""Output <filter> expressions, evaluated as Galaxy does (lib/galaxy/tools/actions/__init__.py filter_output):
a Python expression over the job's param values (booleans as bools, numbers, select values as str or list,
text as given, conditionals/sections as dicts, repeats as lists of dicts, datasets as objects with .ext, .name,
.metadata); the output exists only when every filter is true, and a filter that raises counts as passed.

The expression is the TOOL AUTHOR's code (tools are installed by the administrator, like any program the
server runs); the user's values are data in the namespace, never evaluated. The expression gets only the
builtins Galaxy tool filters use, no import, no open.
"""
import builtins

_SAFE_BUILTINS = {name: getattr(builtins, name) for name in (
    'abs', 'all', 'any', 'bool', 'dict', 'enumerate', 'filter', 'float', 'int', 'isinstance', 'len', 'list',
    'map', 'max', 'min', 'range', 'reversed', 'round', 'set', 'sorted', 'str', 'sum', 'tuple', 'zip',
    'True', 'False', 'None',
)}


class DatasetValue:
    """A dataset as a filter sees it (Galaxy passes the HDA: .ext, .extension, .name, .metadata.<x>)."""

    def __init__(self, dataset):
        self.ext = self.extension = dataset.get('ext') or 'data'
        self.name = dataset.get('name')
        self.file_name = dataset.get('path')
        self.metadata = _Attrs(dataset.get('metadata') or {})

    def __str__(self):
        return self.file_name or 'None'

    def __bool__(self):
        return True


class _Attrs:
    def __init__(self, values):
        self.__dict__.update(values)

    def __getattr__(self, name):
        return None


def plain_values(params, given):
    """The Values tree as Python objects for filter expressions (defaults for what is missing)."""
    from . import values as values_mod
    given = given if isinstance(given, dict) else {}
    out = {}
    for param in params:
        name = param['name']
        value = given[name] if name in given else values_mod.param_default(param)
        kind = param['type']
        if kind == 'conditional':
            value = value if isinstance(value, dict) else {}
            test = param['test_param']
            test_value = value.get(test['name'], values_mod.param_default(test))
            if test['type'] == 'boolean' and not isinstance(test_value, bool):
                test_value = values_mod.bool_of(test, test_value)
            case = values_mod.matching_case(param, test_value)
            branch = plain_values(case['inputs'] if case else [], value)
            branch[test['name']] = test_value
            branch['__current_case__'] = param['cases'].index(case) if case else None
            out[name] = branch
        elif kind == 'repeat':
            out[name] = [plain_values(param['inputs'], item) for item in (value or [])]
        elif kind == 'section':
            out[name] = plain_values(param['inputs'], value)
        elif kind == 'data':
            datasets = [value] if isinstance(value, dict) else list(value or [])
            wrapped = [DatasetValue(d) for d in datasets if isinstance(d, dict)]
            out[name] = wrapped if param.get('multiple') else (wrapped[0] if wrapped else None)
        elif kind == 'boolean' and not isinstance(value, bool) and value is not None:
            out[name] = values_mod.bool_of(param, value)
        else:
            out[name] = value
    return out


def passes(expressions, namespace):
    """True when every filter expression is true (an expression that fails to evaluate does not filter)."""
    for expression in expressions:
        text = (expression or '').strip()
        if not text:
            continue
        try:
            if not eval(text, {'__builtins__': _SAFE_BUILTINS}, dict(namespace)):  # noqa: S307 - see module doc
                return False
        except Exception:  # noqa: B902 - Galaxy logs and keeps the output
            continue
    return True
