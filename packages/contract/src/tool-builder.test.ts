import { describe, expect, it } from 'vitest';
import { translate } from './messages';
import {
  BuilderDraft,
  type BuilderDraftInput,
  builderProblems,
  commandReferences,
  diffDrafts,
  hasExtension,
  paramReference,
} from './tool-builder';

const draft = (patch: Partial<BuilderDraftInput> = {}): BuilderDraft =>
  BuilderDraft.parse({
    info: { toolId: 'scale', toolName: 'Scale', version: '1.0.0' },
    params: [
      { type: 'data', name: 'numbers', fileTypes: [{ format: 'txt', label: 'Text' }] },
      { type: 'float', name: 'factor', default: 2, validator: { min: 0, max: 10 } },
      { type: 'output_data', name: 'out', format: 'txt' },
    ],
    commandBlocks: [{ id: 'a', content: "python '$__tool_directory__/s.py' '$numbers' $factor > '$out'" }],
    ...patch,
  });

const problemsOf = (d: BuilderDraft) => builderProblems(d).map((p) => [p.path, translate(p.key, 'en', p.vars)]);

describe('builderProblems', () => {
  it('finds nothing wrong with a complete two-parameter tool', () => {
    expect(builderProblems(draft())).toEqual([]);
  });

  it("answers spec §5's texts: required fields, numbers, min and max", () => {
    const d = draft();
    d.info.toolName = '';
    d.params[1]!.default = 'abc';
    expect(problemsOf(d)).toEqual([
      ['info.toolName', 'This field is required'],
      ['params.1.default', 'Invalid number'],
    ]);
    d.info.toolName = 'Scale';
    d.params[1]!.default = -1;
    expect(problemsOf(d)).toEqual([['params.1.default', 'Must be greater than 0']]);
    d.params[1]!.default = 11;
    expect(problemsOf(d)).toEqual([['params.1.default', 'Must be less than 10']]);
    d.params[1]!.validator = { min: 5, max: 1, step: null };
    d.params[1]!.default = null;
    expect(problemsOf(d)).toEqual([['params.1.validator.min', 'The minimum (5) is above the maximum (1).']]);
  });

  it('refuses a nameless dependency and the same name and version twice', () => {
    const d = draft({
      dependencies: [
        { name: 'numpy', version: '1.26' },
        { name: '', version: '' },
        { name: 'numpy', version: '1.26' },
        { name: 'numpy', version: '2.0' },
      ],
    });
    expect(problemsOf(d)).toEqual([
      ['dependencies.1.name', 'Package name is required'],
      ['dependencies.2.name', 'Dependency already exists'],
    ]);
  });

  it('names a command reference to a missing param, but not Galaxy names or Cheetah variables', () => {
    const d = draft({
      commandBlocks: [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Cheetah's ${name}, not a JavaScript template
        { id: 'a', content: '#set $n = 3\necho $n $GALAXY_SLOTS ${factor} \\$HOME $$ > $out && cat $missing' },
      ],
    });
    expect(problemsOf(d)).toEqual([['commandBlocks', 'The command refers to $missing, which is not a parameter.']]);
  });

  it("says 'Dependencies not met' for a dependency without its data input and a branch of a missing option", () => {
    const d = draft();
    d.params.push(
      {
        ...d.params[1]!,
        type: 'dependency',
        name: 'column',
        dependsOn: null,
        validator: { min: null, max: null, step: null },
      },
      {
        ...d.params[1]!,
        type: 'condition',
        name: 'mode',
        default: null,
        options: [{ value: 'fast', label: 'Fast' }],
        validator: { min: null, max: null, step: null },
      },
      { ...d.params[1]!, name: 'depth', dependsOn: { param: 'mode', value: 'slow' } },
      { ...d.params[1]!, name: 'width', dependsOn: { param: 'nothing', value: null } },
    );
    expect(problemsOf(d)).toEqual([
      ['params.3.dependsOn', 'Dependencies not met'],
      ['params.5.dependsOn', 'Dependencies not met'],
      ['params.6.dependsOn', 'There is no parameter named nothing.'],
    ]);
    d.params[3]!.dependsOn = { param: 'numbers', value: null };
    d.params[5]!.dependsOn = { param: 'mode', value: 'fast' };
    d.params[6]!.dependsOn = null;
    expect(problemsOf(d)).toEqual([]);
  });

  it('refuses a script with another extension and a second script of the same name', () => {
    const d = draft({
      scripts: [
        { name: 'run.py', content: '' },
        { name: 'notes.docx', content: '' },
        { name: 'run.py', content: '' },
      ],
    });
    expect(problemsOf(d)).toEqual([
      [
        'scripts.1.name',
        'Invalid file format. Supported formats: py, sh, r, pl, rb, js, php, perl, tcl, bat, cmd, exe',
      ],
      ['scripts.2.name', 'A script named run.py exists already.'],
    ]);
    expect(hasExtension('env.TAR.BZ2', ['bz2'])).toBe(true);
    expect(hasExtension('env.yml', ['bz2', 'xml', 'zip'])).toBe(false);
  });

  it('needs an output, a command, options for a select and file types for a data input', () => {
    const d = draft({ commandBlocks: [{ id: 'a', content: '  ' }] });
    d.params = [
      { ...d.params[0]!, fileTypes: [] },
      { ...d.params[1]!, type: 'select', name: 'pick', default: null, options: [] },
    ];
    expect(problemsOf(d).map(([path]) => path)).toEqual([
      'params.0.fileTypes',
      'params.1.options',
      'params',
      'commandBlocks',
    ]);
  });
});

describe('references', () => {
  it('inserts $name, $condition.name in a branch, the selector of a condition and a docking box as six numbers', () => {
    const params = draft().params;
    params.push(
      { ...params[1]!, type: 'condition', name: 'mode', options: [{ value: 'a', label: 'A' }] },
      { ...params[1]!, name: 'depth', dependsOn: { param: 'mode', value: 'a' } },
      { ...params[1]!, type: '3d_viewer_docking_box', name: 'box' },
    );
    expect(paramReference(params, 'factor')).toBe('$factor');
    expect(paramReference(params, 'mode')).toBe('$mode.mode_selector');
    expect(paramReference(params, 'depth')).toBe('$mode.depth');
    expect(paramReference(params, 'box')).toBe(
      '$box.box_center_x $box.box_center_y $box.box_center_z $box.box_size_x $box.box_size_y $box.box_size_z',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Cheetah's ${name}, not a JavaScript template
    expect(commandReferences('#for $f in $numbers\n$f.ext ${out}\n#end for').used.sort()).toEqual([
      'f',
      'numbers',
      'out',
    ]);
  });
});

describe('diffDrafts', () => {
  it('lists the changed fields, params by name', () => {
    const a = draft();
    const b = draft();
    b.info.version = '1.1.0';
    b.params[1]!.default = 3;
    b.params.push({ ...b.params[1]!, name: 'extra' });
    expect(diffDrafts(a, b)).toEqual([
      { path: 'info.version', before: '1.0.0', after: '1.1.0' },
      { path: 'params.factor.default', before: 2, after: 3 },
      { path: 'params.extra', before: null, after: b.params[3] },
    ]);
    expect(diffDrafts(a, draft())).toEqual([]);
  });
});
