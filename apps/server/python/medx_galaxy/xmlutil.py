"""Small readers of tool XML values, with Galaxy's conventions (galaxy.util string_as_bool, xml_text)."""


def as_bool(value, default=False):
    """Galaxy's string_as_bool: 'true', 'yes', 'on', '1' (any case) are true; None gives default."""
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ('true', 'yes', 'on', '1')


def as_bool_or_none(value):
    """Galaxy's string_as_bool_or_none: 'none'/'' and None give None."""
    if value is None or isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ('', 'none'):
        return None
    return text in ('true', 'yes', 'on', '1')


def child_text(element, tag, default=None):
    """Galaxy's xml_text: the child's text with its lines joined, stripped; default when absent or empty."""
    child = element.find(tag)
    if child is None or not child.text:
        return default
    return ''.join(child.text.splitlines()).strip()


def as_int(value, default=None):
    if value is None or str(value).strip() == '':
        return default
    return int(str(value).strip())


def as_number(value, kind):
    """An integer/float param value as written ('' or absent -> None). Floats written '1e-5' stay floats."""
    if value is None or str(value).strip() == '':
        return None
    text = str(value).strip()
    if kind == 'integer':
        try:
            return int(text)
        except ValueError:
            return int(float(text))
    number = float(text)
    return number


def attr_or_child(element, name):
    """label/help may be an attribute or a child element (<label>, <help>)."""
    value = element.get(name)
    if value is not None:
        return value
    return child_text(element, name)
