"""judge: did a job fail, by Galaxy's rules (lib/galaxy/tool_util/output_checker.py, parser/xml.py parse_stdio)?

    request {"tool": ToolModel, "exit_code": int, "stdout": str, "stderr": str}
    answer  {"failed": bool, "messages": [str], "job_messages": [{"type": "exit_code"|"regex", "stream":
             "stdout"|"stderr"|null, "desc": str}]}

"job_messages" (an extension) says which stream each message is about: Galaxy's test runner prefixes stdout
with the regex messages about stdout, and stderr with the others, before checking <assert_stdout>/<assert_stderr>.

The rules: the tool's explicit <stdio> exit_code ranges and regexes come first; then
- detect_errors="exit_code": any non-zero exit code is fatal; "aggressive": also stdout/stderr matching
  "error:", "exception:" (fatal) or out-of-memory texts (fatal_oom);
- otherwise a tool with a profile other than the legacy 16.01 (the default when none is written) and no <stdio>
  fails on any non-zero exit code;
- a legacy tool without any rule ignores the exit code and fails when anything was written to stderr.
Exit codes are checked in order until a fatal_oom one; regexes (case-insensitive search) while no fatal_oom.
"""
import math
import re

from . import cli

LEVEL = {'log': 1, 'qc': 1.1, 'warning': 2, 'fatal': 3, 'fatal_oom': 4}
LEVEL_TEXT = {1: 'Log', 1.1: 'QC', 2: 'Warning', 3: 'Fatal error', 4: 'Out of memory error'}
MAX = 4


def _span(text):
    """(start, end) of an exit code range written "N", "N:", ":M" or "N:M"."""
    if ':' in text:
        low, high = text.split(':', 1)
        return (int(low) if low else -math.inf), (int(high) if high else math.inf)
    return int(text), int(text)


def _nonzero_fatal():
    return [{'range': ':-1', 'level': 'fatal', 'description': None},
            {'range': '1:', 'level': 'fatal', 'description': None}]


def rules(tool):
    """(exit codes, regexes) in Galaxy's order for this tool."""
    stdio = tool.get('stdio') or {}
    explicit_codes = list(stdio.get('exit_codes') or [])
    explicit_regexes = list(stdio.get('regexes') or [])
    detect = tool.get('detect_errors')
    profile = tool.get('profile') or '16.01'
    legacy = profile.strip() == '16.01'
    codes, regexes = [], []
    if detect and detect != 'default':
        if detect == 'exit_code':
            codes = _nonzero_fatal()
        elif detect == 'aggressive':
            codes = _nonzero_fatal()
            regexes = [{'match': m, 'source': 'both', 'level': 'fatal_oom', 'description': None}
                       for m in ('MemoryError', 'std::bad_alloc', 'java.lang.OutOfMemoryError', 'Out of memory')]
            regexes += [{'match': m, 'source': 'both', 'level': 'fatal', 'description': None}
                        for m in ('exception:', 'error:')]
        else:
            raise cli.Failure('Unknown detect_errors value encountered [%s]' % detect)
    elif not explicit_codes and not explicit_regexes and not legacy:
        codes = _nonzero_fatal()
    return explicit_codes + codes, explicit_regexes + regexes


def _regex_message(rule, match):
    text = match.group(0)
    if len(text) > 256:
        text = text[:256] + '...'
    level = LEVEL_TEXT[LEVEL.get(rule.get('level'), 3)]
    if rule.get('description') is not None:
        try:
            return '%s: %s' % (level, match.expand(rule['description']))
        except (re.error, IndexError):
            return '%s: %s' % (level, rule['description'])
    return '%s: Matched on %s' % (level, text)


def judge(request):
    tool = request.get('tool')
    if not isinstance(tool, dict):
        raise cli.Failure('judge: request needs "tool": a ToolModel from load')
    exit_code = request.get('exit_code')
    stdout = request.get('stdout') or ''
    stderr = request.get('stderr') or ''
    codes, regexes = rules(tool)
    job_messages = []
    if not codes and not regexes:
        if stderr:
            message = 'Fatal error: the tool wrote to standard error (legacy tool)'
            return {'failed': True, 'messages': [message], 'job_messages': []}
        return {'failed': False, 'messages': [], 'job_messages': []}
    worst = 0
    if exit_code is not None:
        for rule in codes:
            try:
                start, end = _span(rule['range'])
            except ValueError:
                continue
            if start <= exit_code <= end:
                level = LEVEL.get(rule.get('level'), 3)
                desc = '%s: Exit code %d (%s)' % (LEVEL_TEXT[level], exit_code, rule.get('description') or '')
                job_messages.append({'type': 'exit_code', 'stream': None, 'desc': desc})
                worst = max(worst, level)
                if worst >= MAX:
                    break
    if worst < LEVEL['fatal_oom']:
        for rule in regexes:
            streams = [('stderr', stderr)] if rule.get('source') == 'stderr' else (
                [('stdout', stdout)] if rule.get('source') == 'stdout' else [('stderr', stderr), ('stdout', stdout)])
            for name, text in streams:
                try:
                    match = re.search(rule['match'], text, re.IGNORECASE)
                except re.error:
                    match = None
                if match:
                    job_messages.append({'type': 'regex', 'stream': name, 'desc': _regex_message(rule, match)})
                    worst = max(worst, LEVEL.get(rule.get('level'), 3))
                if worst >= MAX:
                    break
            if worst >= MAX:
                break
    return {'failed': worst >= LEVEL['fatal'], 'messages': [m['desc'] for m in job_messages],
            'job_messages': job_messages}


if __name__ == '__main__':
    cli.main(judge, 'judge')
