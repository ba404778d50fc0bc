import { describe, expect, it } from 'vitest';
import { parseSse, type SseEvent } from './sse';

/** Feeds the chunks one by one, as a stream reader would, and collects every event. */
function feed(chunks: string[]): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let rest = '';
  for (const chunk of chunks) {
    const parsed = parseSse(rest, chunk);
    events.push(...parsed.events);
    rest = parsed.rest;
  }
  return { events, rest };
}

describe('parseSse', () => {
  it('reads named events and keeps an unfinished one for later', () => {
    expect(parseSse('', 'event: news\ndata: {"type":"EVENT"}\n\nevent: job\ndata: {"job_id":1}')).toEqual({
      events: [{ event: 'news', data: '{"type":"EVENT"}' }],
      rest: 'event: job\ndata: {"job_id":1}',
    });
  });

  it('joins chunks split inside a line, a field name and a value', () => {
    const { events, rest } = feed(['eve', 'nt: ne', 'ws\nda', 'ta: {"type":', '"NOTICE"}\n', '\n']);
    expect(events).toEqual([{ event: 'news', data: '{"type":"NOTICE"}' }]);
    expect(rest).toBe('');
  });

  it('accepts CRLF and CR line ends, including a CRLF split between chunks', () => {
    expect(feed(['event: news\r\ndata: a\r\n\r\n']).events).toEqual([{ event: 'news', data: 'a' }]);
    expect(feed(['data: b\r', '\n\r', '\n']).events).toEqual([{ event: 'message', data: 'b' }]);
    expect(feed(['data: c\r\rdata: d\r', '\r\n']).events.map((e) => e.data)).toEqual(['c', 'd']);
  });

  it('joins multi-line data with LF and takes one leading space off values only', () => {
    expect(feed(['data: first\ndata:second\ndata:  third\n\n']).events).toEqual([
      { event: 'message', data: 'first\nsecond\n third' },
    ]);
  });

  it('skips comments (keep-alives) and events without data', () => {
    const { events } = feed([': ping\n\n', 'event: news\n: note\ndata: x\n\n', 'event: lonely\n\n', 'id: 3\n\n']);
    expect(events).toEqual([{ event: 'news', data: 'x' }]);
  });

  it('dispatches an empty data line as an empty string and ignores unknown fields', () => {
    expect(feed(['retry: 100\ndata\n\n', 'data:\n\n']).events).toEqual([
      { event: 'message', data: '' },
      { event: 'message', data: '' },
    ]);
  });

  it('reads several events of one chunk and extra blank lines between them', () => {
    expect(feed(['data: 1\n\n\n\ndata: 2\n\n']).events.map((e) => e.data)).toEqual(['1', '2']);
  });
});
