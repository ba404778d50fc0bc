"""The tutorial of a tool: its RST <help> as HTML, as Galaxy renders it (docutils).

    python3 -m medx_galaxy.help_html - -     request {"rst": str}  answer {"html": str}

Raw HTML and file inclusion directives are off: a tool's help cannot put script or a
server file into the page. The web shows the HTML in a sandboxed frame all the same.
"""
from docutils.core import publish_parts

from medx_galaxy.cli import main

SETTINGS = {
    'raw_enabled': False,
    'file_insertion_enabled': False,
    'report_level': 5,
    'halt_level': 5,
    'warning_stream': False,
    'syntax_highlight': 'none',
    'embed_stylesheet': False,
}


def to_html(rst):
    """The body of the rendered document (no <html> shell, no stylesheet)."""
    return publish_parts(source=rst, writer_name='html', settings_overrides=SETTINGS)['html_body']


def run(request):
    return {'html': to_html(request.get('rst') or '')}


if __name__ == '__main__':
    main(run, 'help_html')
