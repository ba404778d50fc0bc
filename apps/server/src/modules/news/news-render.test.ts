import { describe, expect, it } from 'vitest';
import { formatDuration, renderEvent } from './news-render';

describe('formatDuration', () => {
  it('shows the two largest units that are not zero, in both languages', () => {
    expect(formatDuration(12, 'en')).toBe('12 s');
    expect(formatDuration(200, 'en')).toBe('3 min 20 s');
    expect(formatDuration(180, 'en')).toBe('3 min');
    expect(formatDuration(3725, 'en')).toBe('1 h 2 min');
    expect(formatDuration(7200, 'en')).toBe('2 h');
    expect(formatDuration(200, 'zh-CN')).toBe('3 分钟 20 秒');
    expect(formatDuration(3725, 'zh-CN')).toBe('1 小时 2 分钟');
  });

  it('rounds to whole seconds, and says "less than 1 s" rather than 0', () => {
    expect(formatDuration(0.4, 'en')).toBe('less than 1 s');
    expect(formatDuration(0, 'zh-CN')).toBe('不到 1 秒');
    expect(formatDuration(0.6, 'en')).toBe('1 s');
    expect(formatDuration(59.6, 'en')).toBe('1 min');
    expect(formatDuration(-5, 'en')).toBe('less than 1 s');
  });
});

describe('renderEvent', () => {
  it('names a guest who joined without its generated username', () => {
    const params = { kind: 'SHARE_JOINED', user: null, project: 'P1', access: 'READ_WRITE' } as const;
    expect(renderEvent(params, 'en')).toEqual({
      title: 'A guest joined P1',
      content: 'A guest joined your project P1 through its share link, with read and write access.',
    });
    expect(renderEvent(params, 'zh-CN').content).toBe('一位访客 通过分享链接加入了您的项目 P1，权限为读写。');
  });
});
