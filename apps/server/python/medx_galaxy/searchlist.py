"""The Cheetah search list of a job (Galaxy's ToolEvaluator.build_param_dict, lib/galaxy/tools/evaluation.py):
each value of the Values tree wrapped (wrappers.py), conditionals/sections as dicts, repeats as lists of dicts,
outputs as datasets, plus the non-job names Galaxy adds (__tool_directory__, __new_file_path__, ...).

Values come from the user: they are checked against the tool model here (a select value must be one of its
options, numbers must be numbers) and reach the command only through the sanitizing wrappers.
"""
import os
import re

from . import values as values_mod
from .cli import Failure
from .params import column_numbers
from .wrappers import DatasetListWrapper, DatasetWrapper, InputValueWrapper, NoneDataset, SelectWrapper


# Unsupported types whose value Galaxy renders as a select's (None -> "None", lists joined with ',').
SELECT_LIKE = ('group_tag', 'genomebuild', 'drill_down')


def _number(param, value):
    if value is None or value == '':
        return None
    if isinstance(value, bool):
        raise Failure('%s: a number is needed, got %r' % (param['name'], value))
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise Failure('%s: a number is needed, got %r' % (param['name'], value)) from None
    if param['type'] == 'integer':
        if number != int(number):
            raise Failure('%s: an integer is needed, got %r' % (param['name'], value))
        return int(number)
    return number


def _select(param, value):
    allowed = {o['value'] for o in param.get('options') or []}
    # '' is a value when an option has it (a "none" choice), else it means nothing selected.
    if value == [] or (value == '' and '' not in allowed):
        value = None
    if isinstance(value, list) and not param.get('multiple'):
        if len(value) != 1:
            raise Failure('%s: one value is needed' % param['name'])
        value = value[0]
    if isinstance(value, str) and param.get('multiple'):
        value = value.split(',')
    if param.get('dynamic') or value is None:
        return value
    for item in value if isinstance(value, list) else [value]:
        if str(item) not in allowed:
            raise Failure('%s: %r is not one of its options' % (param['name'], item))
    return [str(v) for v in value] if isinstance(value, list) else str(value)


def _columns(param, value):
    """A data_column's value: column numbers as strings (a list when multiple), None when none is chosen."""
    try:
        columns = column_numbers(value)
    except ValueError:
        raise Failure('%s: a column number (1, 2, ...) is needed, got %r' % (param['name'], value)) from None
    if not columns:
        if not param.get('optional'):
            raise Failure('%s: a column number is needed' % param['name'])
        return None
    if param.get('multiple'):
        return columns
    if len(columns) > 1:
        raise Failure('%s: one column is needed' % param['name'])
    return columns[0]


def _datasets(param, value, files_dir=None):
    if value is None:
        value = []
    if isinstance(value, dict):
        value = [value]
    for dataset in value:
        if not isinstance(dataset, dict) or not dataset.get('path'):
            raise Failure('%s: a dataset needs a "path"' % param['name'])
    default_ext = (param.get('format') or ['data'])[0]
    if param.get('multiple'):
        # Galaxy wraps an absent multiple input as a list holding one absent dataset (falsy, str "None").
        return DatasetListWrapper([DatasetWrapper(d, default_ext) for d in value] or [NoneDataset()], files_dir)
    if len(value) > 1:
        raise Failure('%s takes one dataset, got %d' % (param['name'], len(value)))
    # An absent optional dataset has ext "data" (Galaxy's NoneDataset).
    return DatasetWrapper(value[0], default_ext) if value else NoneDataset()


def wrap_param(param, value, files_dir=None):
    kind = param['type']
    if kind == 'data':
        return _datasets(param, value, files_dir)
    if kind == 'select':
        return SelectWrapper(param, _select(param, value))
    if kind in ('integer', 'float'):
        number = _number(param, value)
        if number is None and not param.get('optional'):
            # Galaxy refuses the job: a non-optional number needs a value.
            raise Failure('%s: a value is needed' % param['name'])
        return InputValueWrapper(param, number)
    if kind == 'data_column':
        # Galaxy renders it as its select: the number ('1'), multiple joined with ',' ('1,3'), none as 'None'.
        return SelectWrapper(dict(param, separator=','), _columns(param, value))
    if kind in SELECT_LIKE:
        # Selects whose options Galaxy computes (tags, builds, drill-downs): rendered like a dynamic select.
        return SelectWrapper(dict(param, dynamic=True, multiple=param.get('multiple', False)),
                             _select(dict(param, dynamic=True), value))
    if kind == 'boolean':
        if value is None:
            value = bool(param.get('checked'))
        if not isinstance(value, bool):
            value = values_mod.bool_of(param, value)
        return InputValueWrapper(param, value)
    if kind == 'color':
        value = '#000000' if value in (None, '') else str(value)
        # Galaxy's own tests give colours without '#' ("000000"): accepted here; the form asks for #rrggbb.
        if not re.fullmatch(r'#?[0-9a-fA-F]{6}', value):
            raise Failure('%s: a colour is written #rrggbb, got %r' % (param['name'], value))
        return InputValueWrapper(param, value)
    if value is not None and not isinstance(value, (str, int, float)):
        raise Failure('%s: a text value is needed' % param['name'])
    return InputValueWrapper(param, value)


def wrap_tree(params, given, files_dir=None):
    """{name: wrapper or dict/list} for params; missing values get the tool's defaults."""
    given = given if isinstance(given, dict) else {}
    out = {}
    for param in params:
        name = param['name']
        value = given[name] if name in given else values_mod.param_default(param)
        kind = param['type']
        if kind == 'conditional':
            test = param['test_param']
            value = value if isinstance(value, dict) else {}
            test_value = value[test['name']] if test['name'] in value else values_mod.param_default(test)
            test_wrapper = wrap_param(test, test_value)
            raw_test = test_wrapper.value
            case = values_mod.matching_case(param, raw_test)
            if case is None and test['type'] == 'select' and raw_test is not None:
                raise Failure('%s: no case for %r' % (name, raw_test))
            branch = wrap_tree(case['inputs'] if case else [], value, files_dir)
            branch[test['name']] = test_wrapper
            branch['__current_case__'] = param['cases'].index(case) if case else None
            out[name] = branch
        elif kind == 'repeat':
            items = list(value) if isinstance(value, list) else []
            if param.get('max') is not None and len(items) > param['max']:
                raise Failure('%s: %d repeats, at most %d allowed' % (name, len(items), param['max']))
            # Fewer than min: Galaxy's populate_state adds default instances up to min.
            while len(items) < param.get('min', 0):
                items.append(values_mod.defaults(param['inputs']))
            wrapped = []
            for index, item in enumerate(items):
                instance = wrap_tree(param['inputs'], item, files_dir)
                instance['__index__'] = index
                wrapped.append(instance)
            out[name] = wrapped
        elif kind == 'section':
            out[name] = wrap_tree(param['inputs'], value, files_dir)
        else:
            out[name] = wrap_param(param, value, files_dir)
    return out


def expose_nested_data(names, params):
    """Data inputs inside conditionals and sections are also reachable by their bare name when no other name
    takes it (Galaxy's __populate_input_dataset_wrappers recovers them so, for legacy templates)."""
    found = {}

    def visit(level, branch):
        for param in level:
            value = branch.get(param['name']) if isinstance(branch, dict) else None
            if param['type'] == 'data' and param['name'] not in found:
                found[param['name']] = value
            elif param['type'] == 'conditional' and isinstance(value, dict):
                case = value.get('__current_case__')
                if case is not None:
                    visit(param['cases'][case]['inputs'], value)
            elif param['type'] == 'section':
                visit(param['inputs'], value)

    for param in params:
        if param['type'] in ('conditional', 'section'):
            visit([param], names)
    for name, wrapper in found.items():
        if name not in names and wrapper is not None:
            names[name] = wrapper


def output_wrappers(tool, outputs, working_dir):
    out = {}
    for position, output in enumerate(tool.get('outputs') or [], start=1):
        name = output['name']
        given = (outputs or {}).get(name)
        if given:
            # id: Galaxy's dataset id, used by legacy templates for primary_<id>_... files (collect uses the same).
            dataset = {'path': given.get('path'), 'ext': given.get('ext') or output.get('format') or 'data',
                       'name': name, 'metadata': given.get('metadata'), 'id': given.get('id', position)}
            files_path = os.path.join(working_dir, 'dataset_%s_files' % name)
            out[name] = DatasetWrapper(dataset, files_path=given.get('extra_files_path') or files_path)
        else:
            # Filtered out (or not asked for): Galaxy gives a NoneDataset so templates can test it.
            out[name] = NoneDataset(output.get('format') or 'data')
        for element in output.get('elements') or []:
            sub = (outputs or {}).get(element['name'])
            out[element['name']] = (DatasetWrapper({'path': sub['path'], 'ext': sub.get('ext') or element.get('format'),
                                                    'name': element['name']}) if sub else NoneDataset())
    return out


def search_list(tool, values, outputs, job_dir, working_dir):
    tool_dir = tool.get('tool_dir') or os.path.dirname(tool.get('file') or '.')
    names = dict(tool.get('template_macros') or {})
    names.update(wrap_tree(tool.get('inputs') or [], values, working_dir))
    names.update(output_wrappers(tool, outputs, working_dir))
    expose_nested_data(names, tool.get('inputs') or [])
    new_file_path = os.path.join(job_dir, 'new_files')
    names.update({
        '__tool_directory__': tool_dir,
        '__new_file_path__': new_file_path,
        '__tool_data_path__': os.path.join(tool_dir, 'tool-data'),
        'GALAXY_DATA_INDEX_DIR': os.path.join(tool_dir, 'tool-data'),
        '__root_dir__': tool_dir,
        'GALAXY_ROOT_DIR': tool_dir,
        '__datatypes_config__': os.path.join(job_dir, 'registry.xml'),
        'GALAXY_DATATYPES_CONF_FILE': os.path.join(job_dir, 'registry.xml'),
        '__local_working_directory__': working_dir,
        '__admin_users__': '',
        '__user__': None,
        # No Galaxy user: the values Galaxy gives an anonymous job.
        '__user_id__': 'Anonymous',
        '__user_email__': 'Anonymous',
        '__user_name__': 'Anonymous',
        '__galaxy_url__': '',
        '__app__': None,
        'chromInfo': '',
        '__get_data_table_entry__': _no_data_tables,
    })
    return names


def _no_data_tables(*_args):
    """Galaxy's data tables are not part of MedX: every lookup finds nothing."""
    return None
