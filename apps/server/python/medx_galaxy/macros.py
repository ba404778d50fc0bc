"""Galaxy's macro language for tool XML (lib/galaxy/util/xml_macros.py), reimplemented on xml.etree.

- <macros><import>file.xml</import></macros>: macro files relative to the tool's directory, imports inside
  imported files also relative to the tool's directory (as Galaxy does);
- <xml name="m"> (or <macro type="xml">) expanded by <expand macro="m"/>: the expand's non-<token> children
  replace <yield/>, <token name="n"> children of the expand replace <yield name="n"/>; tokens="a,b" (required)
  and token_a="default" (optional) turn expand attributes into @A@ substitutions inside the expansion;
  expansion is recursive, a cycle is an error;
- <token name="@X@">value</token>: replaced everywhere after expansion, in text, tails are NOT touched (Galaxy
  replaces in .text and attribute names/values only), tokens may contain other tokens;
- <template name="x"> macros are returned: templates see them as $x (Galaxy's template_macro_params).
"""
import copy
import os

from . import xmlread


class MacroError(Exception):
    """A macro that cannot be expanded (missing, cyclic, missing required token); line: the <expand>'s line in
    the tool file when known."""

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def expand(root, tool_path):
    """Expands macros and tokens of the tool element root in place; answers the <template> macros
    ({name: text}, which Galaxy gives templates as variables for `#include source=$name`)."""
    macros_el = root.find('macros')
    if macros_el is None:
        return {}
    defs = {'xml': [], 'token': [], 'template': []}
    _load(macros_el, os.path.dirname(tool_path), defs)
    macros_el.clear()
    tokens = _nested_tokens([(m.get('name'), m.text or '') for m in defs['token']])
    xml_macros = {m.get('name'): m for m in defs['xml']}
    _expand_all(root, xml_macros, [])
    for template in defs['template']:
        macros_el.append(template)
    _tokens_in(root, tokens)
    return {template.get('name'): template.text or '' for template in defs['template']}


def _load(macros_el, base_dir, defs):
    paths = []
    for import_el in macros_el.findall('import'):
        path = os.path.join(base_dir, (import_el.text or '').strip())
        paths.append(path)
        try:
            imported_root = xmlread.parse(path)
        except OSError as error:
            raise MacroError('Cannot read macro file %s: %s' % (path, error.strerror)) from None
        except xmlread.XmlError as error:
            raise MacroError('%s in macro file %s' % (error, path)) from None
        paths.extend(_load(imported_root, base_dir, defs))
    for element in macros_el:
        if element.tag == 'macro':
            defs.setdefault(element.get('type', 'xml'), []).append(element)
        elif element.tag in ('xml', 'token', 'template'):
            defs[element.tag].append(element)
    return paths


def _nested_tokens(pairs):
    """Token values may use other tokens (Galaxy's expand_nested_tokens); order is the definition order."""
    tokens = dict(pairs)
    for name in list(tokens):
        for other, value in list(tokens.items()):
            if name in value:
                if name == other:
                    raise MacroError("Token '%s' cannot contain itself" % name)
                tokens[other] = value.replace(name, tokens[name])
    return tokens


def _replace_tokens(text, tokens):
    for name, value in tokens.items():
        if name in text:
            text = text.replace(name, value)
    return text


def _tokens_in(element, tokens):
    if not tokens:
        return
    if element.text:
        element.text = _replace_tokens(element.text, tokens)
    for key, value in list(element.attrib.items()):
        new_key = _replace_tokens(key, tokens)
        if new_key != key:
            del element.attrib[key]
        element.attrib[new_key] = _replace_tokens(value, tokens)
    for child in element:
        _tokens_in(child, tokens)


def _parent_map(root):
    return {child: parent for parent in root.iter() for child in parent}


def _expand_all(root, xml_macros, visited):
    while True:
        expand_el = next(root.iter('expand'), None)
        if expand_el is None or expand_el is root:
            return
        _expand_one(root, expand_el, xml_macros, visited)


def _expand_one(root, expand_el, xml_macros, visited):
    name = expand_el.get('macro')
    line = xmlread.line_of(expand_el)
    if name is None:
        raise MacroError("Attempted to expand macro with no 'macro' attribute defined.", line)
    if name in visited:
        raise MacroError("Cycle in nested macros: already expanded %s can't expand '%s' again" % (visited, name),
                         line)
    if name not in xml_macros:
        raise MacroError('No macro named %s found, known macros are %s.' % (name, ', '.join(sorted(xml_macros))),
                         line)
    definition = xml_macros[name]
    # A holder element so that the macro's top-level children can be replaced like nested ones.
    holder = copy.deepcopy(definition)
    _fill_yields(holder, expand_el)
    try:
        macro_tokens = _macro_tokens(definition, expand_el)
    except MacroError as error:
        raise MacroError(str(error), line) from None
    if macro_tokens:
        for child in holder:
            _tokens_in(child, macro_tokens)
    visited.append(name)
    _expand_all(holder, xml_macros, visited)
    visited.pop()
    _replace(root, expand_el, list(holder))


def _fill_yields(holder, expand_el):
    for token_el in expand_el.findall('token'):
        token_name = token_el.get('name')
        if token_name is None:
            raise MacroError('Found unnamed token %s' % dict(token_el.attrib))
        targets = [el for el in holder.iter('yield') if el.get('name') == token_name]
        if not targets:
            raise MacroError('No named yield found for named token %s' % token_name)
        for target in targets:
            _replace(holder, target, list(token_el))
    content = [child for child in expand_el if child.tag != 'token']
    for target in [el for el in holder.iter('yield')]:
        _replace(holder, target, content)


def _replace(root, target, elements):
    """Replaces target (a descendant of root) by deep copies of elements, keeping target's tail after them."""
    parent = _parent_map(root)[target]
    index = list(parent).index(target)
    tail = target.tail
    parent.remove(target)
    copies = [copy.deepcopy(el) for el in elements]
    for offset, element in enumerate(copies):
        parent.insert(index + offset, element)
    # Galaxy (lxml) drops the expand's tail with it; whitespace only in practice, except inside <command> text
    # where tools never put <expand>. We keep it on the previous node so text around an expansion survives.
    if tail:
        if copies:
            copies[-1].tail = (copies[-1].tail or '') + tail
        elif index > 0:
            parent[index - 1].tail = (parent[index - 1].tail or '') + tail
        else:
            parent.text = (parent.text or '') + tail


def _macro_tokens(definition, expand_el):
    quote = definition.get('token_quote', '@')
    tokens = {}
    for key, value in definition.attrib.items():
        if key == 'tokens':
            for token in value.split(','):
                if token not in expand_el.attrib:
                    raise MacroError('Failed to expand macro - missing required parameter [%s].' % token)
                tokens[quote + token.upper() + quote] = expand_el.get(token)
        elif key.startswith('token_') and key != 'token_quote':
            token = key[len('token_'):]
            tokens[quote + token.upper() + quote] = expand_el.get(token, value)
    return tokens
