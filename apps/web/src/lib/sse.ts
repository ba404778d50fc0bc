/** One server-sent event: its `event:` name ('message' when none) and its `data:` lines joined by LF. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParse {
  events: SseEvent[];
  /** The text after the last complete event: hand it back with the next chunk. */
  rest: string;
}

/**
 * The text/event-stream format (WHATWG HTML "Server-sent events"), as a pure step: the text
 * kept from before plus a new chunk in, the complete events and what is left over out. Chunks
 * may split anywhere, inside a line or between the CR and LF of a CRLF. Lines starting with
 * ':' are comments (keep-alives); fields other than `event` and `data` are ignored.
 */
export function parseSse(rest: string, chunk: string): SseParse {
  let text = rest + chunk;
  // A CR at the very end may be the first half of a CRLF: wait for the next chunk to tell.
  const held = text.endsWith('\r') ? '\r' : '';
  if (held) text = text.slice(0, -1);
  text = text.replace(/\r\n?/g, '\n');
  // An event ends at a blank line; everything after the last one is still incomplete.
  const end = text.lastIndexOf('\n\n');
  if (end < 0) return { events: [], rest: text + held };
  const events: SseEvent[] = [];
  for (const block of text.slice(0, end).split('\n\n')) {
    const event = parseBlock(block);
    if (event) events.push(event);
  }
  return { events, rest: text.slice(end + 2) + held };
}

/** The lines of one event; null when it carries no data (the standard dispatches nothing then). */
function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value || 'message';
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}
