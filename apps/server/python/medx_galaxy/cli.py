"""The command-line convention of every medx_galaxy program (the same as medx_chem/cli.py).

    python3 -m medx_galaxy.<program> REQUEST.json ANSWER.json     ("-" = stdin/stdout)

A failure of the whole run exits with status 1 and a one-line reason on stderr (the server quotes it);
anything else is part of the JSON answer.
"""
import json
import sys


class Failure(Exception):
    """The whole run failed: main() exits with status 1 and this one-line reason."""


USAGE = 'usage: python3 -m medx_galaxy.%s REQUEST.json ANSWER.json ("-" for stdin/stdout)'


def read_request(path):
    if path == '-':
        return json.load(sys.stdin)
    with open(path) as source:
        return json.load(source)


def write_answer(path, answer):
    if path == '-':
        json.dump(answer, sys.stdout)
        sys.stdout.flush()
        return
    with open(path, 'w') as sink:
        json.dump(answer, sink)


def main(program, name, argv=None):
    """Runs program(request) -> answer under the convention above."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        sys.exit(USAGE % name)
    try:
        request = read_request(args[0])
    except (OSError, ValueError) as error:
        sys.exit('%s: unreadable request: %s' % (name, error))
    try:
        answer = program(request)
    except Failure as failure:
        # One line: the server shows the last line of stderr as the reason.
        sys.exit(' '.join(str(failure).split('\n')))
    write_answer(args[1], answer)
