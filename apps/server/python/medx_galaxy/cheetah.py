"""Cheetah as Galaxy uses it (lib/galaxy/util/template.py fill_template): Template.compile with the default
compiler settings, one search list. Errors are turned into one line with the template's line number."""
import re
import traceback

from Cheetah.Parser import ParseError
from Cheetah.Template import Template

_LINE_IN_MESSAGE = re.compile(r'Line (\d+), column \d+')
_LINE_IN_CODE = re.compile(r'line (\d+), col \d+')


class TemplateError(Exception):
    """A template that does not compile or fill: message and template line (1-based, None if unknown)."""

    def __init__(self, message, line):
        super().__init__(message)
        self.message = message
        self.line = line


def _parse_error(error):
    text = str(error)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    message = lines[0] if lines else 'Cheetah syntax error'
    if message.startswith('Error in the Python code') and len(lines) > 2:
        # The Python compiler's message follows a ==== rule.
        message = 'invalid Python in a directive: ' + re.sub(r'\s*\(DynamicallyCompiled.*\)$', '', lines[2])
    line = error.lineno
    if line is None:
        found = _LINE_IN_MESSAGE.findall(text)
        line = int(found[-1]) if found else None
    return TemplateError(message, line)


def compile_template(text):
    """The compiled template class; TemplateError on a syntax error."""
    try:
        return Template.compile(source=text)
    except ParseError as error:
        raise _parse_error(error) from None
    except SyntaxError as error:
        raise TemplateError('invalid Python in a directive: %s' % error.msg, None) from None


def _fill_error_line(klass, error):
    """The template line of the generated code where error was raised (Cheetah comments each line)."""
    code = klass._CHEETAH_generatedModuleCode.splitlines()
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        # The generated module is "DynamicallyCompiledCheetahTemplate.py" or, when Cheetah names it uniquely,
        # "cheetah_DynamicallyCompiledCheetahTemplate_<time>.py".
        if 'DynamicallyCompiledCheetahTemplate' in frame.filename:
            for index in range(min(frame.lineno, len(code)) - 1, -1, -1):
                found = _LINE_IN_CODE.search(code[index])
                if found:
                    return int(found.group(1))
            return None
    return None


def fill(text, search_list):
    """The filled template (str); TemplateError with the template line when filling fails."""
    klass = compile_template(text)
    try:
        return str(klass(searchList=[search_list]))
    except Exception as error:  # noqa: B902 - any error of the tool author's template is reported the same way
        name = type(error).__name__
        if name == 'NotFound':
            message = 'NameError: %s' % error
        else:
            message = '%s: %s' % (name, error)
        raise TemplateError(message, _fill_error_line(klass, error)) from None
