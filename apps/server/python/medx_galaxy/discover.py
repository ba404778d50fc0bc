"""discover_datasets: files of the working directory matched by a pattern (Galaxy's
lib/galaxy/job_execution/output_collect.py walk_over_extra_files and DatasetCollector, and the named patterns
of tool_util/parser/output_collection_def.py)."""
import os
import re

NAMED_PATTERNS = {
    '__default__': r'primary_DATASET_ID_(?P<designation>[^_]+)_(?P<visible>[^_]+)_(?P<ext>[^_]+)(_(?P<dbkey>[^_]+))?',
    '__name__': r'(?P<name>.*)',
    '__designation__': r'(?P<designation>.*)',
    '__name_and_ext__': r'(?P<name>.*)\.(?P<ext>[^\.]+)?',
    '__designation_and_ext__': r'(?P<designation>.*)\.(?P<ext>[^\._]+)?',
}


class Found:
    def __init__(self, groups, filename, path, default_ext, default_visible):
        self.groups = groups
        self.filename = filename
        self.path = path
        identifiers = []
        index = 0
        while 'identifier_%d' % index in groups:
            identifiers.append(groups['identifier_%d' % index])
            index += 1
        if identifiers:
            self.designation = ':'.join(identifiers)
        else:
            self.designation = groups.get('designation', groups.get('name'))
        self.name = groups.get('name')
        self.dbkey = groups.get('dbkey', '?')
        self.ext = groups.get('ext') or default_ext or 'data'
        if 'visible' in groups and groups['visible'] is not None:
            self.visible = groups['visible'].lower() == 'visible'
        else:
            self.visible = default_visible


def _inside(path, directory):
    real_dir = os.path.realpath(directory)
    return os.path.realpath(path) == real_dir or os.path.realpath(path).startswith(real_dir + os.sep)


def discover(rule, working_dir, dataset_id=None, default_ext=None):
    """The files matched by one discover rule, sorted as its sort_by says."""
    pattern = NAMED_PATTERNS.get(rule.get('pattern') or '__default__', rule.get('pattern'))
    pattern = pattern.replace('DATASET_ID', str(dataset_id) if dataset_id is not None else r'\d+')
    directory = working_dir
    if rule.get('directory'):
        directory = os.path.join(working_dir, rule['directory'])
        if not _inside(directory, working_dir):
            raise ValueError('discover_datasets directory %s is outside the working directory' % rule['directory'])
    ext = rule.get('ext') or rule.get('format') or default_ext
    found = []

    def walk(folder, parents):
        if not os.path.isdir(folder):
            return
        for filename in os.listdir(folder):
            path = os.path.join(folder, filename)
            if os.path.isdir(path):
                if rule.get('recurse'):
                    walk(path, parents + [filename])
                continue
            candidate = os.path.join(*parents, filename) if (rule.get('match_relative_path') and parents) else filename
            match = re.match(pattern, candidate)
            if match:
                found.append(Found(match.groupdict(), candidate, path, ext, rule.get('visible', False)))

    walk(directory, [])
    return _sorted(found, rule.get('sort_by') or 'filename')


def _sorted(found, sort_by):
    reverse = sort_by.startswith('reverse_')
    if reverse:
        sort_by = sort_by[len('reverse_'):]
    comparison = 'lexical'
    if '_' in sort_by:
        comparison, sort_by = sort_by.split('_', 1)

    def key(item):
        value = getattr(item, sort_by, None)
        if comparison == 'numeric':
            return int(value)
        return '' if value is None else str(value)

    return sorted(found, key=key, reverse=reverse)
