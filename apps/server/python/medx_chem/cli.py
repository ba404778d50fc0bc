"""The one command-line convention of every medx_chem program.

    python3 -m medx_chem.<program> REQUEST.json ANSWER.json

REQUEST is read as JSON and the program's answer is written as JSON to ANSWER;
either may be "-" for stdin or stdout. Inside a job both are files in the job's
directory (the server would otherwise log a large answer as output); outside a job
(embed_smiles from an HTTP conversion) both are "-", so no temporary files are needed.

Paths inside a request are relative to the working directory (the job's directory).
Lines for the job log go to stderr, never stdout, which may carry the answer.
A failure of the whole run exits with status 1 and a one-line reason on stderr
(the server quotes the last lines of stderr); a failure of one molecule is part
of the answer, so the others still count.
"""
import json
import sys


class Failure(Exception):
    """The whole run failed: main() exits with status 1 and this one-line reason."""


USAGE = 'usage: python3 -m medx_chem.%s REQUEST.json ANSWER.json ("-" for stdin/stdout)'


def log(message):
    """A line for the job's log (stderr: stdout may be the answer)."""
    print(message, file=sys.stderr, flush=True)


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
        answer = program(read_request(args[0]))
    except Failure as failure:
        sys.exit(str(failure))
    write_answer(args[1], answer)
