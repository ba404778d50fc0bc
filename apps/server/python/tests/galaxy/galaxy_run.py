"""Runs a tool's own <tests> through load, render, (bash), judge, collect and check, as a Galaxy test run would:
the tests of the copied Galaxy tools then say whether our programs reproduce Galaxy's behaviour."""
import json
import os
import subprocess
import sys

from medx_galaxy.check import check, check_output
from medx_galaxy.cli import Failure
from medx_galaxy.collect import collect
from medx_galaxy.judge import judge
from medx_galaxy.load import load
from medx_galaxy.render import render


def load_one(path):
    answer = load({'paths': [str(path)]})
    assert answer['errors'] == [], answer['errors']
    assert len(answer['tools']) == 1
    return answer['tools'][0]


def _ext_of(name):
    base = os.path.basename(name)
    return base.rsplit('.', 1)[1] if '.' in base else 'data'


def stage(source, inputs_dir):
    """A copy of a test-data file as Galaxy's upload makes it: text gets POSIX line ends (to_posix_lines)."""
    os.makedirs(inputs_dir, exist_ok=True)
    with open(source, 'rb') as handle:
        data = handle.read()
    if b'\0' not in data:
        data = data.replace(b'\r\n', b'\n').replace(b'\r', b'\n')
    target = os.path.join(inputs_dir, '%d_%s' % (len(os.listdir(inputs_dir)), os.path.basename(source)))
    with open(target, 'wb') as handle:
        handle.write(data)
    return target


def staged_values(value, test_data_dir, inputs_dir):
    """Test params -> job Values: each {"file", "ftype"} becomes a Dataset staged from test-data."""
    if isinstance(value, dict):
        return {k: staged_values(v, test_data_dir, inputs_dir) for k, v in value.items()}
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, dict) and 'file' in item and 'ftype' in item:
                out.append({'path': stage(os.path.join(test_data_dir, item['file']), inputs_dir),
                            'name': item['file'], 'ext': item['ftype'] or _ext_of(item['file']), 'metadata': {}})
            else:
                out.append(staged_values(item, test_data_dir, inputs_dir))
        return out
    return value


class Run:
    """One test of one tool, run in tmp_dir."""

    def __init__(self, tool, test, tmp_dir):
        self.tool, self.test = tool, test
        self.job_dir = os.path.join(str(tmp_dir), 'job')
        self.working_dir = os.path.join(self.job_dir, 'working')
        os.makedirs(self.working_dir)
        os.makedirs(os.path.join(self.job_dir, 'outputs'))
        self.values = staged_values(test['params'], test['test_data_dir'], os.path.join(self.job_dir, 'inputs'))
        # A path for each data output and each static element of a collection (the server allocates them).
        datasets = [o for o in tool['outputs'] if not o['collection']]
        datasets += [e for o in tool['outputs'] if o['collection'] for e in o.get('elements') or []]
        self.outputs = {o['name']: {'path': os.path.join(self.job_dir, 'outputs', o['name'] + '.dat'),
                                    'ext': o['format'] or 'data'} for o in datasets}
        self.refused = None
        try:
            self.rendered = render({'tool': tool, 'values': self.values, 'outputs': self.outputs,
                                    'job_dir': self.job_dir, 'working_dir': self.working_dir, 'slots': 1})
        except Failure as failure:
            # Galaxy refuses such a job before it runs: the test sees a failed job.
            self.refused = str(failure)
            self.exit_code, self.stdout, self.stderr = None, '', ''
            self.judged = {'failed': True, 'messages': [self.refused], 'job_messages': []}
            self.collected = {'outputs': [], 'missing': []}
            return
        script = os.path.join(self.job_dir, 'tool_script.sh')
        with open(script, 'w') as sink:
            sink.write(self.rendered['script'])
        # Galaxy's test tools call `python`: make it this interpreter wherever the tests run.
        bin_dir = os.path.join(self.job_dir, 'bin')
        os.makedirs(bin_dir)
        os.symlink(sys.executable, os.path.join(bin_dir, 'python'))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get('PATH', ''))
        done = subprocess.run(['bash', script], cwd=self.working_dir, capture_output=True, text=True, timeout=60,
                              env=env)
        self.exit_code, self.stdout, self.stderr = done.returncode, done.stdout, done.stderr
        self.judged = judge({'tool': tool, 'exit_code': self.exit_code, 'stdout': self.stdout, 'stderr': self.stderr})
        self.collected = collect({'tool': tool, 'values': self.values, 'outputs': self.outputs,
                                  'working_dir': self.working_dir})

    def entry(self, name, designation=None):
        for entry in self.collected['outputs']:
            if entry['name'] == name and entry.get('designation') == designation and (
                    designation is not None or not entry['discovered']):
                return entry
        return None

    def problems(self):
        """Everything the test expects and we do not reproduce (empty when the test passes)."""
        test = self.test
        problems = []
        if self.judged['failed'] != test['expect_failure']:
            problems.append('failed=%s, the test expects %s (%s; exit %d; stderr %r)' % (
                self.judged['failed'], test['expect_failure'], self.judged['messages'], self.exit_code,
                self.stderr[-300:]))
        if self.refused:
            return problems + ([] if test['expect_failure'] else ['refused: ' + self.refused])
        if test['expect_exit_code'] is not None and test['expect_exit_code'] != self.exit_code:
            problems.append('exit code %d, expected %d' % (self.exit_code, test['expect_exit_code']))
        if test['expect_num_outputs'] is not None:
            created = {e['name'] for e in self.collected['outputs']} | set(self.collected['missing'])
            if len(created) != test['expect_num_outputs']:
                count = (len(created), sorted(created), test['expect_num_outputs'])
                problems.append('%d outputs %s, expected %d' % count)
        # As Galaxy's test runner: regex messages about stdout prefix stdout, the other messages stderr.
        prefix = {'stdout': '', 'stderr': ''}
        for message in self.judged['job_messages']:
            prefix['stdout' if message['stream'] == 'stdout' else 'stderr'] += message['desc'] + '\n'
        for stream in ('stdout', 'stderr'):
            if test[stream]:
                answer = check({'assertions': test[stream], 'text': prefix[stream] + getattr(self, stream)})
                problems.extend('%s: %s' % (stream, p) for p in answer['problems'])
        if test['command']:
            answer = check({'assertions': test['command'], 'text': self.rendered['command']})
            problems.extend('command: %s' % p for p in answer['problems'])
        for expected in test['outputs']:
            problems.extend(self._output_problems(expected))
        for expected in test['output_collections']:
            problems.extend(self._collection_problems(expected))
        return problems

    def _collection_problems(self, expected):
        """Elements are collect's entries of that collection; nested identifiers are joined by ':'."""
        name = expected['name']
        elements = [e for e in self.collected['outputs'] if e['name'] == name]
        identifiers = [e['designation'] for e in elements]
        problems = []
        top = []
        for identifier in identifiers:
            if identifier.split(':')[0] not in top:
                top.append(identifier.split(':')[0])
        if expected['count'] is not None and len(top) != expected['count']:
            problems.append('%s: %d elements %s, expected %d' % (name, len(top), identifiers, expected['count']))
        flat = []

        def walk(items, prefix):
            for item in items:
                identifier = prefix + item['name']
                if item['elements']:
                    walk(item['elements'], identifier + ':')
                else:
                    flat.append((identifier, item))

        walk(expected['elements'], '')
        for identifier, item in flat:
            entry = next((e for e in elements if e['designation'] == identifier), None)
            if entry is None:
                problems.append('%s: no element %s in %s' % (name, identifier, identifiers))
                continue
            problems.extend(check_output(item, entry['path'], self.test['test_data_dir']))
            if item.get('ftype') and item['ftype'] != entry['ext']:
                problems.append('%s/%s: ext %s, expected %s' % (name, identifier, entry['ext'], item['ftype']))
        # Galaxy checks the elements' order for tools of profile 20.09 and later.
        from medx_galaxy.values import profile_at_least
        if profile_at_least(self.tool.get('profile'), '20.09'):
            order = [identifiers.index(i) for i, _ in flat if i in identifiers]
            if order != sorted(order):
                problems.append('%s: elements in order %s, expected %s' % (name, identifiers, [i for i, _ in flat]))
        return problems

    def _output_problems(self, expected, designation=None):
        entry = self.entry(expected['name'] if designation is None else self._parent, designation)
        label = expected['name'] if designation is None else '%s/%s' % (self._parent, designation)
        checks_itself = expected.get('file') or expected.get('asserts') or expected.get('checksum') or \
            expected.get('ftype')
        problems = []
        if entry is None and checks_itself:
            return ['%s: not collected (%s)' % (label, json.dumps(self.collected))]
        if entry is not None:
            problems = check_output(expected, entry['path'], self.test['test_data_dir'])
            if expected.get('ftype') and expected['ftype'] != entry['ext']:
                problems.append('%s: ext %s, expected %s' % (label, entry['ext'], expected['ftype']))
        for discovered in expected.get('discovered') or []:
            self._parent = expected['name']
            problems.extend(self._output_problems(discovered, discovered['name']))
        return problems

    _parent = None
