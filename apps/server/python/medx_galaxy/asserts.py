"""Galaxy's test assertions (lib/galaxy/tool_util/verify/asserts/: text, tabular, size, xml, json, archive).

An assertion is {"tag", "attributes", "children"}; check_all raises AssertionError with Galaxy's kind of message.
As in Galaxy, attributes an assertion does not know are ignored; n, delta, min and max may carry size suffixes
(k, M, Gi...); negate="true" inverts the count/presence checks.
"""
import io
import json
import math
import re
import tarfile
import xml.etree.ElementTree as ET
import zipfile

from .xmlutil import as_bool

_SUFFIXES = {'K': 1000, 'M': 1000 ** 2, 'G': 1000 ** 3, 'T': 1000 ** 4, 'P': 1000 ** 5, 'E': 1000 ** 6,
             'KI': 1024, 'MI': 1024 ** 2, 'GI': 1024 ** 3, 'TI': 1024 ** 4, 'PI': 1024 ** 5, 'EI': 1024 ** 6}


def _bytesize(value):
    if isinstance(value, (int, float)):
        return value
    text = str(value).strip().upper()
    factor = 1
    for suffix in sorted(_SUFFIXES, key=len, reverse=True):
        if text.endswith(suffix):
            factor = _SUFFIXES[suffix]
            text = text[:-len(suffix)]
            break
    try:
        number = int(text)
    except ValueError:
        number = float(text)
    return number * factor


def _number(count, attrs, what):
    """Galaxy's _assert_number: count within n+-delta and within [min:max] (either inverted by negate)."""
    negate = as_bool(attrs.get('negate'))
    expected = 'Did not expect' if negate else 'Expected'
    n, delta = attrs.get('n'), attrs.get('delta', 0)
    if n is not None:
        inside = abs(count - _bytesize(n)) <= _bytesize(delta)
        assert inside != negate, '%s %s+-%s %s, found %s' % (expected, n, delta, what, count)
    low, high = attrs.get('min'), attrs.get('max')
    if low is not None or high is not None:
        low_v = -math.inf if low is None else _bytesize(low)
        high_v = math.inf if high is None else _bytesize(high)
        inside = low_v <= count <= high_v
        assert inside != negate, '%s the number of %s to be in [%s:%s], found %s' % (
            expected, what, '-inf' if low is None else low, 'inf' if high is None else high, count)


def _presence(present, count, attrs, what):
    negate = as_bool(attrs.get('negate'))
    if attrs.get('n') is None and attrs.get('min') is None and attrs.get('max') is None:
        assert present != negate, '%s %s' % ('Did not expect' if negate else 'Expected', what)
    _number(count, attrs, what)


def _text(data):
    return data.decode('utf-8', errors='replace') if isinstance(data, bytes) else (data or '')


def has_text(data, attrs, _children):
    output, text = _text(data), attrs.get('text', '')
    _presence(text in output, output.count(text), attrs, "text '%s' in output" % text)


def not_has_text(data, attrs, _children):
    text = attrs.get('text', '')
    assert text not in _text(data), "Output file contains unexpected text '%s'" % text


def has_line(data, attrs, _children):
    output, line = _text(data), attrs.get('line', '')
    pattern = '^%s$' % re.escape(line)
    found = re.findall(pattern, output, flags=re.MULTILINE)
    _presence(bool(found), len(found), attrs, "line '%s' in output" % line)


def has_line_matching(data, attrs, _children):
    output, expression = _text(data), attrs.get('expression', '')
    found = re.findall('^%s$' % expression, output, flags=re.MULTILINE)
    _presence(re.search('^%s$' % expression, output, flags=re.MULTILINE) is not None, len(found), attrs,
              "line matching expression '%s' in output" % expression)


def has_text_matching(data, attrs, _children):
    output, expression = _text(data), attrs.get('expression', '')
    _presence(re.search(expression, output) is not None, len(re.findall(expression, output)), attrs,
              "text matching expression '%s' in output" % expression)


def has_n_lines(data, attrs, _children):
    _number(len(_text(data).splitlines()), attrs, 'lines in the output')


def has_n_columns(data, attrs, _children):
    output = _text(data)
    comment = attrs.get('comment', '')
    sep = attrs.get('sep', '\t')
    if comment:
        match = re.search('^([^%s].*)$' % comment, output, flags=re.MULTILINE)
    else:
        match = re.search('^(.+)$', output, flags=re.MULTILINE)
    first = match.group(1) if match else ''
    _number(len(first.split(sep)), attrs, 'columns in output')


def has_size(data, attrs, _children):
    size = data if isinstance(data, bytes) else _text(data).encode()
    attrs = dict(attrs)
    if attrs.get('n') is None:
        attrs['n'] = attrs.get('size', attrs.get('value'))
    _number(len(size), attrs, 'bytes of file size')


def _xml(data):
    try:
        return ET.fromstring(data if isinstance(data, bytes) else _text(data).encode())
    except ET.ParseError as error:
        raise AssertionError('Expected valid XML, but could not parse output. %s' % error) from None


def is_valid_xml(data, _attrs, _children):
    _xml(data)


def xml_element(data, attrs, children, sub=None):
    root = _xml(data)
    path = attrs.get('path', '')
    found = root.findall(path)
    _presence(root.find(path) is not None, len(found), attrs, "path '%s' in xml" % path)
    children = sub if sub is not None else children
    if not children:
        return
    attribute = attrs.get('attribute')
    for element in found:
        content = element.text if not attribute else element.attrib.get(attribute)
        try:
            check_all(content or '', children)
        except AssertionError as error:
            where = "Attribute '%s' on element with path '%s'" % (attribute, path) if attribute else \
                "Text of element with path '%s'" % path
            raise AssertionError('%s: %s' % (where, error)) from None
        if not as_bool(attrs.get('all')):
            break


def has_element_with_path(data, attrs, _children):
    xml_element(data, {'path': attrs.get('path'), 'negate': attrs.get('negate')}, [])


def has_n_elements_with_path(data, attrs, _children):
    xml_element(data, attrs, [])


def element_text_matches(data, attrs, _children):
    sub = [{'tag': 'has_text_matching', 'children': [],
            'attributes': {'expression': attrs.get('expression', ''), 'negate': attrs.get('negate', False)}}]
    xml_element(data, {'path': attrs.get('path')}, [], sub)


def element_text_is(data, attrs, _children):
    element_text_matches(data, {'path': attrs.get('path'), 'expression': re.escape(attrs.get('text', '')) + '$',
                                'negate': attrs.get('negate', False)}, [])


def attribute_matches(data, attrs, _children):
    sub = [{'tag': 'has_text_matching', 'children': [],
            'attributes': {'expression': attrs.get('expression', ''), 'negate': attrs.get('negate', False)}}]
    xml_element(data, {'path': attrs.get('path'), 'attribute': attrs.get('attribute')}, [], sub)


def attribute_is(data, attrs, _children):
    attribute_matches(data, {'path': attrs.get('path'), 'attribute': attrs.get('attribute'),
                             'expression': re.escape(attrs.get('text', '')) + '$',
                             'negate': attrs.get('negate', False)}, [])


def element_text(data, attrs, children):
    xml_element(data, {'path': attrs.get('path'), 'negate': attrs.get('negate')}, children)


def _json_properties(node, name):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == name:
                yield value
            yield from _json_properties(value, name)
    elif isinstance(node, list):
        for value in node:
            yield from _json_properties(value, name)


def has_json_property_with_value(data, attrs, _children):
    wanted = json.loads(attrs.get('value', 'null'))
    values = list(_json_properties(json.loads(_text(data)), attrs.get('property')))
    assert wanted in values, "Failed to find property [%s] with JSON value [%s]" % (attrs.get('property'), wanted)


def has_json_property_with_text(data, attrs, _children):
    values = list(_json_properties(json.loads(_text(data)), attrs.get('property')))
    message = 'Failed to find property [%s] with text [%s]' % (attrs.get('property'), attrs.get('text'))
    assert attrs.get('text') in values, message


def has_archive_member(data, attrs, children):
    raw = data if isinstance(data, bytes) else _text(data).encode()
    path = attrs.get('path', '')
    members = {}
    if zipfile.is_zipfile(io.BytesIO(raw)):
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            members = {name: archive.read(name) for name in archive.namelist() if not name.endswith('/')}
    else:
        try:
            with tarfile.open(fileobj=io.BytesIO(raw)) as archive:
                members = {m.name: archive.extractfile(m).read() for m in archive.getmembers() if m.isfile()}
        except tarfile.TarError:
            raise AssertionError('Expected path %s to be an archive' % path) from None
    matched = [name for name in members if re.match(path + '$', name)]
    _presence(bool(matched), len(matched), attrs, "path '%s' in archive" % path)
    for name in matched[:1] if not as_bool(attrs.get('all')) else matched:
        if children:
            check_all(members[name], children)


ASSERTIONS = {name: function for name, function in globals().items()
              if callable(function) and not name.startswith('_') and name not in ('check_all', 'as_bool')}
ASSERTIONS.pop('xml_element', None)
ASSERTIONS['xml_element'] = xml_element


def check_all(data, assertions):
    """Checks every assertion against data (bytes or str); AssertionError on the first that fails."""
    for assertion in assertions or []:
        function = ASSERTIONS.get(assertion.get('tag'))
        if function is None:
            raise AssertionError('Unable to find test function associated with XML tag %s.' % assertion.get('tag'))
        function(data, assertion.get('attributes') or {}, assertion.get('children') or [])
