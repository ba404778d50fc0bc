"""collect: the outputs of a finished job, as Galaxy's job finishing decides them.

    request {"tool": ToolModel, "values": Values, "outputs": {name: {"path", "ext"}}, "working_dir": abs}
    answer  {"outputs": [{"name", "path", "ext", "label", "discovered": bool, ...}], "missing": [names]}

For each output of the tool, in order:
- its <filter>s decide whether it exists (filters.py); a filtered output is neither listed nor missing;
- from_work_dir: the working directory's file (a glob takes the first match; never outside working_dir) is
  moved to the output's path (or, when the request gives no path, listed where it is);
- the format: format_source (the ext of the named data input, "cond|input1" paths allowed), format="input"
  (the ext of the first data input), <change_format> rules, else the declared format;
- discover_datasets (discover.py): each match is listed with "discovered": true and "designation" (its
  element identifier); assign_primary_output moves the first match onto the output itself; a legacy tool
  (no profile) also discovers Galaxy's default primary_<id>_<designation>_<visible>_<ext> files, where <id>
  is the output's position (1, 2, ...) unless the request gives "id";
- missing: an existing (not filtered) data output whose file is absent.
Extension keys of each answer entry: "designation" (discovered ones), "visible", "collection" (the output is a
collection and this is one of its elements).
"""
import glob
import os
import re
import shutil

from . import cli, filters
from .cheetah import TemplateError, fill
from .discover import discover
from .searchlist import wrap_tree


def _inside(path, directory):
    real_dir = os.path.realpath(directory)
    real = os.path.realpath(path)
    return real == real_dir or real.startswith(real_dir + os.sep)


def _data_params(params, values, prefix=''):
    """(path name like "cond|input1", [datasets]) for every data param present in the values, in tree order."""
    values = values if isinstance(values, dict) else {}
    for param in params:
        name = param['name']
        value = values.get(name)
        if param['type'] == 'data':
            datasets = [value] if isinstance(value, dict) else [d for d in (value or []) if isinstance(d, dict)]
            yield prefix + name, datasets
        elif param['type'] == 'conditional' and isinstance(value, dict):
            from .values import matching_case
            case = matching_case(param, value.get(param['test_param']['name']))
            if case:
                yield from _data_params(case['inputs'], value, prefix + name + '|')
        elif param['type'] == 'section':
            yield from _data_params(param['inputs'], value, prefix + name + '|')
        elif param['type'] == 'repeat':
            for index, item in enumerate(value or []):
                yield from _data_params(param['inputs'], item, '%s%s_%d|' % (prefix, name, index))


def _input_ext(tool, values, source):
    """The ext of the data input a format_source names ("name", "cond|name", or the last name part)."""
    candidates = list(_data_params(tool.get('inputs') or [], values))
    for path, datasets in candidates:
        if path == source and datasets:
            return datasets[0].get('ext')
    for path, datasets in candidates:
        if path.split('|')[-1] == source.split('|')[-1] and datasets:
            return datasets[0].get('ext')
    return None


def _lookup(values, dotted):
    """A param value for change_format rules: "cond|name" or, as Galaxy evaluates the
    attribute as a Cheetah expression, "cond.name"; else a bare name searched anywhere."""
    parts = re.split(r'[|.]', dotted.replace('$', '').replace('{', '').replace('}', ''))
    node = values
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return _search(values, parts[-1])
    return node


def _search(values, name):
    if isinstance(values, dict):
        if name in values:
            return values[name]
        for value in values.values():
            found = _search(value, name)
            if found is not None:
                return found
    elif isinstance(values, list):
        for value in values:
            found = _search(value, name)
            if found is not None:
                return found
    return None


def _format(tool, output, values, plain):
    ext = output.get('format')
    if output.get('format_source'):
        ext = _input_ext(tool, values, output['format_source']) or ext
    elif ext == 'input':
        firsts = [d for _, datasets in _data_params(tool.get('inputs') or [], values) for d in datasets]
        ext = firsts[0].get('ext') if firsts else 'data'
    for rule in output.get('change_format') or []:
        if rule.get('input'):
            value = _lookup(plain, rule['input'])
            if isinstance(value, bool):
                matched = str(value).lower() == str(rule.get('value')).lower()
            else:
                matched = value is not None and str(value) == str(rule.get('value'))
        elif rule.get('input_dataset'):
            dataset = _lookup(plain, rule['input_dataset'])
            attribute = getattr(dataset, rule.get('attribute') or 'ext', None) if dataset is not None else None
            matched = attribute is not None and str(attribute) == str(rule.get('value'))
        else:
            matched = False
        if matched:
            ext = rule.get('format') or ext
            break
    return ext or 'data'


def on_string(tool, values):
    """Galaxy's on_text: the input datasets' names ("data <hid>" when a hid is given)."""
    names = []
    for _, datasets in _data_params(tool.get('inputs') or [], values):
        for dataset in datasets:
            name = 'data %s' % dataset['hid'] if dataset.get('hid') is not None else (dataset.get('name') or '')
            if name and name not in names:
                names.append(name)
    if not names:
        return ''
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return '%s and %s' % tuple(names)
    if len(names) == 3:
        return '%s, %s, and %s' % tuple(names)
    return '%s, %s, and others' % tuple(names[:2])


class _ToolInfo:
    def __init__(self, tool):
        self.name = tool.get('name')
        self.id = tool.get('id')
        self.version = tool.get('version')

    def __str__(self):
        return self.name or ''


def _label(tool, output, names, on_text):
    default = '%s on %s: %s' % (tool.get('name'), on_text, output['name']) if on_text else '%s: %s' % (
        tool.get('name'), output['name'])
    if not output.get('label'):
        return default
    try:
        return fill(output['label'], dict(names, on_string=on_text, tool=_ToolInfo(tool))).strip()
    except TemplateError:
        return default


def _work_dir_file(working_dir, relative):
    candidate = os.path.join(working_dir, relative)
    if not _inside(candidate, working_dir):
        return None
    if any(c in relative for c in '*?['):
        matches = sorted(p for p in glob.glob(candidate) if os.path.isfile(p) and _inside(p, working_dir))
        return matches[0] if matches else None
    return candidate if os.path.isfile(candidate) else None


def _entry(name, path, ext, label, discovered=False, **extra):
    entry = {'name': name, 'path': os.path.abspath(path), 'ext': ext, 'label': label, 'discovered': discovered}
    entry.update(extra)
    return entry


def collect(request):
    tool = request.get('tool')
    if not isinstance(tool, dict):
        raise cli.Failure('collect: request needs "tool": a ToolModel from load')
    working_dir = os.path.abspath(request.get('working_dir') or '.')
    values = request.get('values') or {}
    given = request.get('outputs') or {}
    plain = filters.plain_values(tool.get('inputs') or [], values)
    try:
        names = wrap_tree(tool.get('inputs') or [], values)
    except cli.Failure:
        names = {}
    on_text = on_string(tool, values)
    legacy = (tool.get('profile') or '16.01').strip() == '16.01'
    found, missing = [], []
    for position, output in enumerate(tool.get('outputs') or [], start=1):
        name = output['name']
        if not filters.passes(output.get('filters') or [], plain):
            continue
        ext = _format(tool, output, values, plain)
        label = _label(tool, output, names, on_text)
        target = (given.get(name) or {}).get('path')
        if output.get('collection'):
            found.extend(_collection(tool, output, given, working_dir, label, values, plain))
            continue
        if output.get('from_work_dir'):
            source = _work_dir_file(working_dir, output['from_work_dir'])
            if source and target:
                if os.path.abspath(source) != os.path.abspath(target):
                    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
                    shutil.move(source, target)
            elif source:
                target = source
        rules = list(output.get('discover') or [])
        if not rules and legacy:
            rules = [{'pattern': '__default__', 'visible': False}]
        dataset_id = (given.get(name) or {}).get('id', position)
        discovered = []
        for rule in rules:
            for item in discover(rule, working_dir, dataset_id):
                if item.ext == 'input':
                    # ext="input": the ext of the first data input, as Galaxy's collect_primary_datasets.
                    item.ext = _format(tool, {'format': 'input'}, values, plain)
                if rule.get('assign_primary_output') and not discovered and target:
                    # The first match becomes the output itself.
                    shutil.move(item.path, target)
                    discovered.append(None)
                    continue
                discovered.append(_entry(name, item.path, item.ext, item.designation or label, True,
                                         designation=item.designation, visible=item.visible))
        if target and os.path.isfile(target):
            found.append(_entry(name, target, ext, label))
        else:
            missing.append(name)
        found.extend(d for d in discovered if d is not None)
    return {'outputs': found, 'missing': missing}


def _collection(tool, output, given, working_dir, label, values, plain):
    entries = []
    for element in output.get('elements') or []:
        path = (given.get(element['name']) or {}).get('path')
        if element.get('from_work_dir'):
            source = _work_dir_file(working_dir, element['from_work_dir'])
            if source and path:
                shutil.move(source, path)
            elif source:
                path = source
        if path and os.path.isfile(path):
            ext = _format(tool, dict(element, format=element.get('format') or output.get('format')), values, plain)
            entries.append(_entry(output['name'], path, ext, label, False, designation=element['name'],
                                  collection=True))
    for rule in output.get('discover') or []:
        for item in discover(rule, working_dir, None, output.get('format')):
            if item.ext == 'input':
                item.ext = _format(tool, {'format': 'input'}, values, plain)
            entries.append(_entry(output['name'], item.path, item.ext, label, True, designation=item.designation,
                                  visible=item.visible, collection=True))
    return entries


if __name__ == '__main__':
    cli.main(collect, 'collect')
