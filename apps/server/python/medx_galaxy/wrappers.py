"""The objects a tool's Cheetah template sees, as Galaxy's lib/galaxy/tools/wrappers.py gives them.

- InputValueWrapper (text, integer, float, boolean, hidden, unsupported scalar types): str() is the sanitized
  value (boolean: truevalue/falsevalue), truthiness is the value's, comparisons cast like Galaxy (int, float,
  bool or str by the param's type), int()/float() work;
- SelectWrapper: str() is the sanitized value (multiple: joined with ','), iterable when multiple;
- DatasetWrapper: str() is the staged path; ext/extension/file_ext, name and element_identifier (sanitized),
  metadata.<x>, is_of_type(...), files_path/extra_files_path; an absent optional dataset is falsy, str "None";
- DatasetListWrapper (multiple data): a list of DatasetWrapper, str() the comma-joined paths.

User text only ever reaches the command through str() of these wrappers, which sanitizes it (sanitize.py).
"""
import functools
import os
import tempfile

from . import datatypes
from .sanitize import sanitize_text, sanitize_value
from .xmlutil import as_bool


def _safe(text):
    """Dataset names and element identifiers: Galaxy wraps them in SafeStringWrapper (default sanitizer)."""
    return None if text is None else sanitize_text(str(text))


@functools.total_ordering
class InputValueWrapper:
    def __init__(self, param, value):
        self.input = param
        if value is None and param['type'] == 'text':
            value = ''
        self.value = value

    def _as_text(self):
        param = self.input
        value = self.value
        if param['type'] == 'boolean':
            return param.get('truevalue', 'true') if value else param.get('falsevalue', 'false')
        if param['type'] == 'color':
            # Galaxy renders a colour unsanitized; searchlist accepts only #rrggbb values.
            if param.get('rgb'):
                digits = str(value).lstrip('#')
                return str(tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4)))
            return str(value)
        if value is None:
            return ''
        if isinstance(value, bool):
            value = 'True' if value else 'False'
        return sanitize_value(value, param.get('sanitizer'))

    def __str__(self):
        text = self._as_text()
        return ','.join(text) if isinstance(text, list) else text

    def __iter__(self):
        text = self._as_text()
        return iter(text if isinstance(text, list) else [text])

    def __bool__(self):
        return bool(self.value)

    def _cast(self, other):
        kind = self.input['type']
        if kind == 'boolean' and isinstance(other, str):
            if other in (self.input.get('truevalue', 'true'), self.input.get('falsevalue', 'false')):
                return str(self), other
            return bool(self), as_bool(other)
        if self.input.get('optional') and self.value is None:
            return (str(self), other) if isinstance(other, str) else (None, other)
        caster = {'text': str, 'integer': int, 'float': float, 'boolean': bool}.get(kind, str)
        return caster(self), other

    def __eq__(self, other):
        mine, theirs = self._cast(other)
        return mine == theirs

    def __ne__(self, other):
        return not self == other

    def __gt__(self, other):
        mine, theirs = self._cast(other)
        return mine > theirs

    def __int__(self):
        return int(float(self))

    def __float__(self):
        return float(str(self))

    def __hash__(self):
        return hash(str(self))

    def __getattr__(self, key):
        if key.startswith('__'):
            raise AttributeError(key)
        if self.input['type'] in ('integer', 'float', 'boolean'):
            return getattr(self.value, key)
        # Galaxy hands text methods ($text.strip(), .replace(...)) the RAW value, which lets unsanitized text
        # into a command; here they work on the sanitized text, so user text stays sanitized whatever the
        # template does with it.
        return getattr(str(self), key)


class SelectWrapper:
    def __init__(self, param, value):
        self.input = param
        self.value = value

    def __str__(self):
        value = self.value
        if value is None:
            return 'None'
        if isinstance(value, list):
            separator = self.input.get('separator', ',')
            return separator.join(sanitize_value([str(v) for v in value], self.input.get('sanitizer')))
        return sanitize_value(str(value), self.input.get('sanitizer'))

    def __eq__(self, other):
        if isinstance(other, str):
            if other == '' and self.value in (None, []):
                return True
            return str(self) == other
        return self is other

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(str(self))

    def __bool__(self):
        return bool(self.value)

    def __add__(self, other):
        return '%s%s' % (self, other)

    def __iter__(self):
        if not self.input.get('multiple'):
            raise TypeError('Tried to iterate over a non-multiple parameter.')
        return iter(self.value or [])

    def __getattr__(self, key):
        if key.startswith('__'):
            raise AttributeError(key)
        if key == 'value_label':
            labels = {o['value']: o['label'] for o in self.input.get('options') or []}
            values = self.value if isinstance(self.value, list) else [self.value]
            return ', '.join(labels.get(v, str(v)) for v in values if v is not None)
        raise AttributeError(key)


class MetadataWrapper:
    """$input.metadata.<name>: the request's metadata; absent names are None (Cheetah writes nothing)."""

    def __init__(self, metadata):
        self._metadata = dict(metadata or {})

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        value = self._metadata.get(name)
        if isinstance(value, str):
            return _safe(value)
        return value

    def get(self, name, default=None):
        value = getattr(self, name)
        return default if value is None else value

    def element_is_set(self, name):
        return self._metadata.get(name) not in (None, '', [])

    def items(self):
        return [(k, getattr(self, k)) for k in self._metadata]

    def __iter__(self):
        return iter(self._metadata)

    def __bool__(self):
        return bool(self._metadata)


class DatasetWrapper:
    def __init__(self, dataset, default_ext='data', files_path=None):
        self.present = bool(dataset)
        dataset = dataset or {}
        self.path = dataset.get('path')
        self.ext = dataset.get('ext') or default_ext
        self.extension = self.ext
        self.file_ext = self.ext
        self.name = _safe(dataset.get('name')) if self.present else None
        identifier = dataset.get('element_identifier', dataset.get('name'))
        self.element_identifier = _safe(identifier) if self.present else None
        # Galaxy's display_name is the dataset's name as the history shows it.
        self.display_name = self.name
        self.metadata = MetadataWrapper(dataset.get('metadata'))
        self.files_path = dataset.get('extra_files_path') or files_path or (
            (self.path + '_files') if self.path else None)
        self.extra_files_path = self.files_path
        self.file_name = str(self)
        self.dataset = self
        self.is_collection = False
        self.id = dataset.get('id')
        self.hid = dataset.get('hid')
        self.dbkey = dataset.get('dbkey', '?')
        self.info = _safe(dataset.get('info', ''))
        self.blurb = _safe(dataset.get('blurb', ''))

    @property
    def name_and_ext(self):
        return '%s.%s' % (self.element_identifier, self.ext)

    def is_of_type(self, *exts):
        return self.present and datatypes.is_of_type(self.ext, *exts)

    def __str__(self):
        return self.path if self.present and self.path else 'None'

    def __bool__(self):
        return self.present

    def __eq__(self, other):
        if isinstance(other, str):
            return str(self) == other
        return self is other

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(str(self))


class DatasetListWrapper(list):
    """A multiple data input: a list of DatasetWrapper; str() the comma-joined paths."""

    def __init__(self, wrappers, files_dir=None):
        super().__init__(wrappers)
        self.files_dir = files_dir

    def paths_as_file(self, sep='\n'):
        """Galaxy's $input.paths_as_file: a new file in the job's directory listing the paths; its path."""
        os.makedirs(self.files_dir, exist_ok=True)
        with tempfile.NamedTemporaryFile('w', prefix='gx_file_list', dir=self.files_dir, delete=False) as sink:
            sink.write(sep.join(str(w) for w in self))
        return sink.name

    def __str__(self):
        return ','.join(str(w) for w in self)

    def __bool__(self):
        return any(self)

    @property
    def is_collection(self):
        return False


class NoneDataset(DatasetWrapper):
    """An optional dataset not given, or an output filtered out."""

    def __init__(self, ext='data'):
        super().__init__(None, default_ext=ext)
