import { describe, expect, it } from 'vitest';
import { isInAppLink, parseMessageContent } from './news';

describe('parseMessageContent', () => {
  it('reads the JSON text of a message', () => {
    expect(parseMessageContent('{"title":"T","content":"C","link":"/?project=2"}')).toEqual({
      title: 'T',
      content: 'C',
      link: '/?project=2',
    });
  });

  it('shows anything else as untitled raw text', () => {
    expect(parseMessageContent('not json')).toEqual({ title: '', content: 'not json' });
    expect(parseMessageContent('{"title":1}')).toEqual({ title: '', content: '{"title":1}' });
    expect(parseMessageContent('null')).toEqual({ title: '', content: 'null' });
  });
});

describe('isInAppLink', () => {
  it('accepts paths of this site only', () => {
    expect(isInAppLink('/project')).toBe(true);
    expect(isInAppLink('/?project=2&job=5')).toBe(true);
    for (const link of [
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(isInAppLink(link), String(link)).toBe(false);
    }
  });
});
