"""render: a tool's command and configfiles filled for one job, and the bash script that runs it.

    request {"tool": ToolModel, "values": Values, "outputs": {name: {"path", "ext"}}, "job_dir", "working_dir",
             "slots": int}
    answer  {"command": str, "script": str, "configfiles": [abs paths written]}

As Galaxy (lib/galaxy/tools/evaluation.py, lib/galaxy/jobs/command_factory.py):
- configfiles are filled first, in order, each written to job_dir/configs/<name> (and hard-linked as
  working_dir/<filename> when the configfile names one), and its name is then bound to that path for the later
  templates and the command; <inputs> configfiles get the JSON of the values (wrapped_json: data as paths with
  data_style="paths", left out otherwise);
- the command is filled, each line stripped, newlines turned into spaces, the whole stripped (so a command's
  lines are ONE shell line: tools join steps with && or ;);
- a legacy tool (no profile) with <command interpreter="python"> runs "python <tool_dir>/script ...";
- the script is "#!/bin/bash", "set -e" when strict (the <command strict> attribute, default: profile >= 20.09),
  GALAXY_SLOTS (and HOME for profile >= 18.01, as Galaxy's job_home), then the command.
The server runs `bash script` in working_dir; from_work_dir and discovered outputs are collect's part.
"""
import json
import os
import shlex

from . import cli
from .cheetah import TemplateError, fill
from .searchlist import search_list
from .values import profile_at_least
from .wrappers import DatasetListWrapper, DatasetWrapper, InputValueWrapper, SelectWrapper


def _template_failure(tool, what, error):
    where = ' line %d' % error.line if error.line is not None else ''
    return cli.Failure('%s (%s): %s%s: %s' % (tool.get('id'), tool.get('file'), what, where, error.message))


def _json_of(params, names, data_style):
    """Galaxy's wrapped_json of the values (the <inputs> configfile)."""
    out = {}
    for param in params:
        name = param['name']
        value = names.get(name)
        kind = param['type']
        if kind == 'conditional':
            test = param['test_param']
            case_index = value.get('__current_case__')
            case_params = param['cases'][case_index]['inputs'] if case_index is not None else []
            branch = _json_of(case_params, value, data_style)
            branch[test['name']] = _json_scalar(test, value[test['name']])
            out[name] = branch
        elif kind == 'repeat':
            out[name] = [_json_of(param['inputs'], item, data_style) for item in value]
        elif kind == 'section':
            out[name] = _json_of(param['inputs'], value, data_style)
        elif kind == 'data_collection':
            if data_style == 'paths':
                out[name] = []
        elif kind == 'data':
            if data_style != 'paths':
                continue
            if isinstance(value, DatasetListWrapper):
                out[name] = [str(d) if d else None for d in value]
            else:
                out[name] = str(value) if value else None
        else:
            out[name] = _json_scalar(param, value)
    return out


def _json_scalar(param, wrapper):
    kind = param['type']
    if isinstance(wrapper, SelectWrapper):
        return None if wrapper.value is None else str(wrapper)
    if isinstance(wrapper, InputValueWrapper):
        if kind == 'boolean':
            return None if wrapper.value is None else bool(wrapper.value)
        if kind in ('integer', 'float'):
            if wrapper.value is None or str(wrapper.value) == '':
                return None
            return int(wrapper.value) if kind == 'integer' else float(wrapper.value)
        return None if wrapper.value is None else str(wrapper)
    if isinstance(wrapper, DatasetWrapper):
        return str(wrapper) if wrapper else None
    return wrapper


def _configfiles(tool, names, job_dir, working_dir):
    configs_dir = os.path.join(job_dir, 'configs')
    written = []
    for config in tool.get('configfiles') or []:
        os.makedirs(configs_dir, exist_ok=True)
        path = os.path.join(configs_dir, config['name'])
        if config['kind'] == 'inputs':
            style = config.get('data_style') or 'skip'
            if style not in ('skip', 'paths'):
                message = '%s: <inputs data_style="%s"> is not supported (paths, skip)'
                raise cli.Failure(message % (tool.get('id'), style))
            text = json.dumps(_json_of(tool.get('inputs') or [], names, style))
        else:
            try:
                text = fill(config.get('template') or '', names)
            except TemplateError as error:
                raise _template_failure(tool, '<configfile name="%s">' % config['name'], error) from None
        with open(path, 'w') as sink:
            sink.write(text)
        if config.get('filename'):
            # Galaxy links a configfile with an explicit filename into the tool's working directory.
            link = os.path.join(working_dir, config['filename'])
            if os.path.dirname(os.path.abspath(link)) == os.path.abspath(working_dir) and not os.path.exists(link):
                os.makedirs(working_dir, exist_ok=True)
                os.link(path, link)
        names[config['name']] = path
        written.append(path)
    return written


def command_line(tool, names):
    """Galaxy's _build_command_line: filled, lines stripped and joined by spaces, interpreter prefixed."""
    try:
        filled = fill(tool.get('command') or '', names)
    except TemplateError as error:
        raise _template_failure(tool, '<command>', error) from None
    command = '\n'.join(line.strip() for line in filled.split('\n'))
    command = command.replace('\n', ' ').replace('\r', ' ').strip()
    interpreter = tool.get('interpreter')
    # Galaxy honours interpreter= only for legacy tools (profile absent or 16.01).
    if interpreter and (tool.get('profile') in (None, '', '16.01')) and command:
        executable = command.split()[0]
        absolute = os.path.join(os.path.abspath(tool.get('tool_dir') or '.'), executable)
        command = command.replace(executable, '%s %s' % (interpreter, shlex.quote(absolute)), 1)
    return command


def strict_shell(tool):
    if tool.get('strict') is not None:
        return bool(tool['strict'])
    return profile_at_least(tool.get('profile'), '20.09')


def script_of(tool, command, job_dir, slots):
    lines = ['#!/bin/bash']
    if strict_shell(tool):
        lines.append('set -e')
    lines.append('export GALAXY_SLOTS=%d' % max(1, int(slots or 1)))
    if profile_at_least(tool.get('profile'), '18.01'):
        home = shlex.quote(os.path.join(job_dir, 'home'))
        lines.append('mkdir -p %s && export HOME=%s' % (home, home))
    lines.append(command)
    return '\n'.join(lines) + '\n'


def render(request):
    tool = request.get('tool')
    if not isinstance(tool, dict) or 'command' not in tool:
        raise cli.Failure('render: request needs "tool": a ToolModel from load')
    job_dir = os.path.abspath(request.get('job_dir') or '.')
    working_dir = os.path.abspath(request.get('working_dir') or job_dir)
    names = search_list(tool, request.get('values') or {}, request.get('outputs') or {}, job_dir, working_dir)
    written = _configfiles(tool, names, job_dir, working_dir)
    command = command_line(tool, names)
    if not command:
        raise cli.Failure('%s: the command is empty' % tool.get('id'))
    return {'command': command, 'script': script_of(tool, command, job_dir, request.get('slots')),
            'configfiles': written}


if __name__ == '__main__':
    cli.main(render, 'render')
