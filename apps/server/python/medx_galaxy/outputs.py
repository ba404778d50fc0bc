"""A tool's <outputs> and <stdio> as the brief's JSON (Galaxy's tool_util/parser/xml.py)."""
import re

from .xmlutil import as_bool, child_text


def _discover(element):
    entries = []
    for found in element.findall('discover_datasets'):
        ext = found.get('ext', found.get('format'))
        entries.append({
            'pattern': found.get('pattern', '__default__'), 'directory': found.get('directory'),
            'format': ext, 'ext': ext, 'visible': as_bool(found.get('visible')),
            'recurse': as_bool(found.get('recurse')),
            # Extensions of the brief's shape (Galaxy's sort_by and match_relative_path attributes).
            'sort_by': found.get('sort_by', 'filename'),
            'match_relative_path': as_bool(found.get('match_relative_path')),
            'assign_primary_output': as_bool(found.get('assign_primary_output')),
        })
    return entries


def _output(element, collection=False, profile_before_21_09=True, defaults=None):
    defaults = defaults or {}
    from_work_dir = element.get('from_work_dir')
    if from_work_dir and profile_before_21_09:
        # Before 21.09 Galaxy did not quote from_work_dir, so surrounding spaces did not matter.
        from_work_dir = from_work_dir.strip()
    fmt = element.get('format', defaults.get('format'))
    if as_bool(element.get('auto_format')):
        fmt = '_sniff_'
    return {
        'name': element.get('name'),
        'format': fmt,
        'format_source': element.get('format_source', defaults.get('format_source')),
        'metadata_source': element.get('metadata_source', defaults.get('metadata_source')),
        'from_work_dir': from_work_dir,
        'label': child_text(element, 'label', element.get('label')),
        'hidden': as_bool(element.get('hidden')),
        'filters': [(f.text or '').strip() for f in element.findall('filter')],
        'discover': _discover(element),
        'collection': collection,
        # Extension: <change_format><when input= value= format=/> (or input_dataset= attribute=) rules.
        'change_format': [{'input': when.get('input'), 'value': when.get('value'), 'format': when.get('format'),
                           'input_dataset': when.get('input_dataset'), 'attribute': when.get('attribute')}
                          for change in element.findall('change_format') for when in change.findall('when')],
    }


def parse_outputs(root, profile_before_21_09):
    outputs_el = root.find('outputs')
    if outputs_el is None:
        return []
    result = []
    for element in outputs_el:
        kind = element.tag
        if kind == 'output':
            kind = {'data': 'data', 'collection': 'collection'}.get(element.get('type'), 'expression')
        if kind == 'data':
            result.append(_output(element, False, profile_before_21_09))
        elif kind == 'collection':
            entry = _output(element, True, profile_before_21_09)
            entry['format'] = element.get('format')
            # Extension: the collection's type (list, paired, ...) and its static <data> elements.
            entry['collection_type'] = element.get('type', element.get('collection_type'))
            defaults = {'format': element.get('format'), 'format_source': element.get('format_source'),
                        'metadata_source': element.get('metadata_source')}
            entry['elements'] = [_output(data, False, profile_before_21_09, defaults)
                                 for data in element.findall('data')]
            result.append(entry)
    return result


def _level(text):
    """Galaxy's parse_error_level: log, qc, warning, fatal_oom, fatal (the default)."""
    if text:
        for name in ('log', 'qc', 'warning', 'fatal_oom', 'fatal'):
            if re.search(name, text, re.IGNORECASE):
                return name
    return 'fatal'


def _source(text):
    if text is None:
        return 'both'
    out = err = False
    for src in re.sub(r'\s', '', text).split(','):
        if re.search('both', src, re.IGNORECASE):
            out = err = True
        if re.search('out', src, re.IGNORECASE):
            out = True
        if re.search('err', src, re.IGNORECASE):
            err = True
    if out and err or not (out or err):
        return 'both'
    return 'stdout' if out else 'stderr'


def parse_stdio(root):
    """The explicit <stdio> rules; judge adds the defaults that profile and detect_errors imply."""
    exit_codes, regexes = [], []
    for stdio in root.findall('stdio'):
        for code in stdio.findall('exit_code'):
            span = code.get('range', code.get('value'))
            if span is None:
                continue
            span = re.sub(r'\s', '', span)
            if span.count(':') > 1:
                continue
            exit_codes.append({'range': span, 'level': _level(code.get('level')),
                               'description': code.get('desc', code.get('description'))})
        for regex in stdio.findall('regex'):
            if regex.get('match') is None:
                continue
            source = regex.get('src', regex.get('source', regex.get('sources')))
            regexes.append({'match': regex.get('match'), 'source': _source(source), 'level': _level(regex.get('level')),
                            'description': regex.get('desc', regex.get('description'))})
    return {'exit_codes': exit_codes, 'regexes': regexes}
