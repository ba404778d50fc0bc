import { BuilderDraft } from '@medx/contract';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, fileBytes, scriptFromBytes, utf8Text } from './file-bytes';
import { buildSubmissionZip, isXmlMacros, submissionFiles } from './submission-zip';

const binary = new Uint8Array([0x4d, 0x5a, 0x00, 0xff, 0x10, 0x80]);

const draft = (macros = '') =>
  BuilderDraft.parse({
    info: { toolId: 'score_tool', toolName: 'Score', macros },
    scripts: [
      { name: 'run.py', encoding: 'utf8', content: 'print("héllo")\n' },
      { name: 'helper.exe', encoding: 'base64', content: bytesToBase64(binary) },
    ],
  });

describe('submission zip', () => {
  it('holds <toolId>.xml, macros.xml for XML macros, the scripts decoded and the conda file', async () => {
    const file = buildSubmissionZip({
      draft: draft('<macros><token name="@V@">1</token></macros>'),
      xml: '<tool id="score_tool"/>',
      userId: 42,
      conda: { name: 'env.xml', bytes: new TextEncoder().encode('<env/>') },
    });
    expect(file.name).toBe('42.zip');
    expect(file.type).toBe('application/zip');
    const members = unzipSync(await fileBytes(file));
    expect(Object.keys(members).sort()).toEqual([
      'conda/env.xml',
      'helper.exe',
      'macros.xml',
      'run.py',
      'score_tool.xml',
    ]);
    expect(strFromU8(members['score_tool.xml']!)).toBe('<tool id="score_tool"/>');
    expect(strFromU8(members['macros.xml']!)).toContain('<token name="@V@">');
    expect(strFromU8(members['run.py']!)).toBe('print("héllo")\n');
    expect([...members['helper.exe']!]).toEqual([...binary]);
    expect(strFromU8(members['conda/env.xml']!)).toBe('<env/>');
  });

  it('leaves out text macros (folded into the XML) and a missing conda file', () => {
    const files = submissionFiles({ draft: draft('@THREADS@ 4'), xml: '<tool/>', userId: 1, conda: null });
    expect(Object.keys(files).sort()).toEqual(['helper.exe', 'run.py', 'score_tool.xml']);
    expect(isXmlMacros('  <macros/>')).toBe(true);
    expect(isXmlMacros('@A@ b')).toBe(false);
  });
});

describe('script bytes', () => {
  it('keeps text as utf8 and binaries (exe, NUL bytes, invalid UTF-8) as base64', () => {
    expect(scriptFromBytes('a.sh', new TextEncoder().encode('echo ü'))).toEqual({
      name: 'a.sh',
      encoding: 'utf8',
      content: 'echo ü',
    });
    expect(scriptFromBytes('a.exe', new TextEncoder().encode('text')).encoding).toBe('base64');
    expect(scriptFromBytes('a.py', binary).encoding).toBe('base64');
    expect(utf8Text(new Uint8Array([0xc3, 0x28]))).toBeNull();
    expect([...base64ToBytes(bytesToBase64(binary))]).toEqual([...binary]);
    const big = new Uint8Array(100_000).map((_v, i) => i % 256);
    expect(base64ToBytes(bytesToBase64(big))).toEqual(big);
  });
});
