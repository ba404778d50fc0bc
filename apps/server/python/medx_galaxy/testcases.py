"""A tool's <tests> as the brief's Test JSON (Galaxy's tool_util/parser/xml.py _test_elem_to_dict)."""
import copy
import os

from . import values
from .xmlutil import as_bool, as_int

# Attributes that say how to compare, not what (removed from an output's attributes like Galaxy does).
_ASSERTION_CONTAINERS = ('assert_contents',)


def assertion(element):
    """{"tag", "attributes", "children"} as Galaxy's convert_elem."""
    return {'tag': element.tag, 'attributes': dict(element.attrib), 'children': [assertion(c) for c in element]}


def assertion_list(element):
    return [assertion(child) for child in element] if element is not None else []


def _checksum(element):
    if element.get('checksum'):
        return element.get('checksum')
    if element.get('md5'):
        return 'md5$' + element.get('md5')
    return None


def _output(element):
    """One <output> (or <discovered_dataset>/<element>) of a test."""
    entry = {
        'name': element.get('name'),
        'file': element.get('file', element.get('value')),
        'compare': element.get('compare', 'diff').lower(),
        'lines_diff': as_int(element.get('lines_diff'), 0),
        'delta': as_int(element.get('delta'), 10000),
        'sort': as_bool(element.get('sort')),
        'ftype': element.get('ftype'),
        'asserts': assertion_list(element.find('assert_contents')),
        # Extensions of the brief's shape, for checks Galaxy also does:
        'delta_frac': float(element.get('delta_frac')) if element.get('delta_frac') else None,
        'decompress': as_bool(element.get('decompress')),
        'checksum': _checksum(element),
        'metadata': {m.get('name'): m.get('value') for m in element.findall('metadata')},
        'discovered': [],
    }
    for discovered in element.findall('discovered_dataset'):
        item = _output(discovered)
        item['name'] = discovered.get('designation')
        entry['discovered'].append(item)
    return entry


def _collection_elements(element):
    """The <element>s of an <output_collection> (nested ones for list:paired...), each a test output entry."""
    found = []
    for child in element.findall('element'):
        entry = _output(child)
        entry['elements'] = _collection_elements(child)
        found.append(entry)
    return found


def _output_collection(element):
    count = element.get('count')
    return {'name': element.get('name'), 'type': element.get('type'),
            'count': int(count) if count not in (None, '') else None, 'elements': _collection_elements(element)}


def _prefix(prefix, name, index=None):
    name = name if index is None else '%s_%d' % (name, index)
    return name if not prefix else '%s|%s' % (prefix, name)


def _flatten(element, prefix=''):
    """The test's <param>s with nested <repeat>/<conditional>/<section> turned into '|' names (Galaxy's
    __expand_input_elems), in document order of the nesting levels."""
    flat = []
    for param in element.findall('param'):
        flat.append((_prefix(prefix, param.get('name')), param))
    indices = {}
    for repeat in element.findall('repeat'):
        name = repeat.get('name')
        indices[name] = indices.get(name, -1) + 1
        flat.extend(_flatten(repeat, _prefix(prefix, name, indices[name])))
    for tag in ('conditional', 'section'):
        for group in element.findall(tag):
            flat.extend(_flatten(group, _prefix(prefix, group.get('name'))))
    return flat


def _raw_param(name, element):
    if element.get('values') is not None:
        value = element.get('values')
    elif element.get('value') is not None:
        value = element.get('value')
    elif element.get('location') is not None:
        value = os.path.basename(element.get('location'))
    else:
        value = None
    return {'name': name, 'value': value, 'ftype': element.get('ftype')}


def parse_test(test_el, inputs, profile, test_data_dir):
    raw = [_raw_param(name, el) for name, el in _flatten(copy.deepcopy(test_el))]
    exit_code = test_el.get('expect_exit_code')
    num_outputs = test_el.get('expect_num_outputs')
    return {
        'params': values.test_values(inputs, raw, profile),
        'outputs': [_output(o) for o in test_el.findall('output')],
        # Extension: <output_collection name type count><element name>...</element></output_collection>.
        'output_collections': [_output_collection(c) for c in test_el.findall('output_collection')],
        'stdout': assertion_list(test_el.find('assert_stdout')),
        'stderr': assertion_list(test_el.find('assert_stderr')),
        # Extension: <assert_command> (assertions on the rendered command line).
        'command': assertion_list(test_el.find('assert_command')),
        'expect_failure': as_bool(test_el.get('expect_failure')),
        # Extension: the test itself is expected to fail (Galaxy's expect_test_failure).
        'expect_test_failure': as_bool(test_el.get('expect_test_failure')),
        'expect_exit_code': int(exit_code) if exit_code not in (None, '') else None,
        'expect_num_outputs': int(num_outputs) if num_outputs not in (None, '') else None,
        'test_data_dir': test_data_dir,
    }


def parse_tests(root, inputs, profile, tool_dir):
    tests_el = root.find('tests')
    if tests_el is None:
        return []
    test_data_dir = os.path.join(tool_dir, 'test-data')
    return [parse_test(test_el, inputs, profile, test_data_dir) for test_el in tests_el.findall('test')]
