"""Tool XML parsed with the stdlib's expat into xml.etree elements that remember their line.

Galaxy parses with lxml (sourceline on every element); the stdlib's ElementTree keeps no line, so this builder
records, on each element, the line of its start tag (`line`) and of the first character of its text (`text_line`,
where a Cheetah template inside <command> or <configfile> starts). Elements copied by macro expansion are plain
Elements without these attributes: their lines belong to a macros file, not to the tool's file.
Comments and processing instructions are dropped, as Galaxy's parse_xml(remove_comments=True) does.
"""
import xml.etree.ElementTree as ET
from xml.parsers import expat


class LinedElement(ET.Element):
    """An Element with the lines described above (None when unknown)."""
    line = None
    text_line = None


class XmlError(Exception):
    """Not well-formed XML: message as "Invalid XML: <expat message>" and the line."""

    def __init__(self, message, line):
        super().__init__(message)
        self.line = line


def line_of(element):
    return getattr(element, 'line', None)


def text_line_of(element):
    """Line of the element's first text character, else of its start tag (the template's line 1)."""
    return getattr(element, 'text_line', None) or getattr(element, 'line', None)


def parse(path):
    """The root element of the XML file at path; XmlError when not well-formed."""
    parser = expat.ParserCreate()
    # Separate calls per chunk would split text, which the handlers below join anyway.
    parser.buffer_text = False
    stack = []
    root = []
    # Text goes into .text of the open element until it has a child, then into that child's .tail.
    pieces = {}

    def flush(element):
        target = pieces.pop(id(element), None)
        if target is None:
            return
        kind, node, parts = target
        setattr(node, kind, ''.join(parts))

    def start(tag, attrs):
        element = LinedElement(tag, attrs)
        element.line = parser.CurrentLineNumber
        if stack:
            parent = stack[-1]
            flush(parent)
            if len(parent):
                flush(parent[-1])
            parent.append(element)
        else:
            root.append(element)
        stack.append(element)

    def end(tag):
        element = stack.pop()
        flush(element)
        if len(element):
            flush(element[-1])

    def data(text):
        if not stack:
            return
        parent = stack[-1]
        if len(parent):
            node, kind = parent[-1], 'tail'
        else:
            node, kind = parent, 'text'
            if parent.text_line is None and id(parent) not in pieces:
                parent.text_line = parser.CurrentLineNumber
        key = id(node)
        if key not in pieces:
            pieces[key] = (kind, node, [])
        pieces[key][2].append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        with open(path, 'rb') as source:
            parser.ParseFile(source)
    except expat.ExpatError as error:
        raise XmlError('Invalid XML: %s' % error, error.lineno) from None
    return root[0]
