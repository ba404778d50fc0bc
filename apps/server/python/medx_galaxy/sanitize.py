"""Galaxy's text sanitizing (lib/galaxy/tools/parameters/sanitize.py, galaxy.util.sanitize_param).

This is what keeps a user's text from becoming shell: a value rendered into a command keeps only the valid
characters, maps the listed ones to __xx__ names and turns every other character into the invalid char ('X').
A tool's <sanitizer> element replaces the default; load.py resolves it into the JSON form
{"sanitize": bool, "invalid_char": str, "valid": str (all valid characters), "mapping": {char: replacement}}.
"""
import string

DEFAULT_VALID = string.ascii_letters + string.digits + ' -=_.()/+*^,:?!'
DEFAULT_MAPPING = {
    '>': '__gt__', '<': '__lt__', "'": '__sq__', '"': '__dq__', '[': '__ob__', ']': '__cb__',
    '{': '__oc__', '}': '__cc__', '@': '__at__', '\n': '__cn__', '\r': '__cr__', '\t': '__tc__', '#': '__pd__',
}
DEFAULT_INVALID = 'X'

# The named character sets a <valid initial="..."/> or <add preset="..."/> may name (Galaxy evaluates
# "string.<name>"; we list the same constants instead of evaluating anything).
_STRING_PRESETS = {
    'string.' + name: getattr(string, name)
    for name in ('ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'digits', 'hexdigits', 'octdigits',
                 'printable', 'punctuation', 'whitespace')
}
_STRING_PRESETS.update({'string.letters': string.ascii_letters, 'string.lowercase': string.ascii_lowercase,
                        'string.uppercase': string.ascii_uppercase})


def _valid_preset(names):
    chars = []
    for name in names.split(','):
        name = name.split(';', 1)[0].strip()
        if name in _STRING_PRESETS:
            value = _STRING_PRESETS[name]
        elif name == 'default':
            value = DEFAULT_VALID
        else:
            value = ''
        chars.extend(c for c in value if c not in chars)
    return chars


def _mapping_preset(names):
    mapping = {}
    for name in names.split(','):
        if name.strip() == 'default':
            mapping.update(DEFAULT_MAPPING)
    return mapping


def from_element(element):
    """The JSON sanitizer of a <sanitizer> element, resolved as Galaxy's ToolParameterSanitizer.from_element.

    As in Galaxy, a <sanitizer> without <valid> allows no character and one without <mapping> maps none.
    """
    valid = []
    mapping = {}
    for valid_el in element.findall('valid'):
        valid = _valid_preset(valid_el.get('initial', 'default'))
        for action in valid_el:
            chars = _valid_preset(action.get('preset', 'none')) + list(action.get('value', ''))
            if action.tag.lower() == 'add':
                valid.extend(c for c in chars if c not in valid)
            elif action.tag.lower() == 'remove':
                valid = [c for c in valid if c not in chars]
    for mapping_el in element.findall('mapping'):
        mapping = _mapping_preset(mapping_el.get('initial', 'default'))
        for action in mapping_el:
            source, target = action.get('source'), action.get('target')
            preset = _mapping_preset(action.get('preset', 'none'))
            if action.tag.lower() == 'add':
                mapping.update(preset)
                if source is not None and target is not None:
                    mapping[source] = target
            elif action.tag.lower() == 'remove':
                for key in preset:
                    mapping.pop(key, None)
                if source is not None:
                    mapping.pop(source, None)
    sanitize = element.get('sanitize', 'True').strip().lower() in ('true', 'yes', 'on', '1')
    return {'sanitize': sanitize, 'invalid_char': element.get('invalid_char', DEFAULT_INVALID),
            'valid': ''.join(valid), 'mapping': mapping}


def sanitize_text(text, sanitizer=None):
    """text as Galaxy renders it into a command: the tool's sanitizer, else the default one."""
    if sanitizer is None:
        valid, mapping, invalid = DEFAULT_VALID, DEFAULT_MAPPING, DEFAULT_INVALID
    else:
        if not sanitizer.get('sanitize', True):
            return text
        valid, mapping = sanitizer.get('valid', ''), sanitizer.get('mapping', {})
        invalid = sanitizer.get('invalid_char', DEFAULT_INVALID)
    out = []
    for char in text:
        if char in valid:
            out.append(char)
        elif char in mapping:
            out.append(mapping[char])
        else:
            out.append(invalid)
    return ''.join(out)


def sanitize_value(value, sanitizer=None):
    """A string or a list of strings (Galaxy's sanitize_param)."""
    if isinstance(value, list):
        return [sanitize_text(str(v), sanitizer) for v in value]
    return sanitize_text(str(value), sanitizer)
