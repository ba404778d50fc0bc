/**
 * Text helpers shared by the parsers. Structure files are line-oriented text; the
 * parsers work on lines with the line ending removed, and write '\n' endings.
 */

/** Splits on \n, \r\n or a lone \r, dropping the empty string after a final line ending. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Joins lines with '\n' and ends the text with one. */
export function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export type DecodedText = { ok: true; text: string } | { ok: false; reason: 'binary'; detail: string };

// C0 controls other than tab, LF, VT, FF and CR, plus DEL. Real structure files never
// contain them; a few in a row mean the upload is an image, archive or similar.
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000E-\u001F\u007F]/;

/**
 * Decodes an upload as UTF-8, refusing what is evidently not text: NUL bytes, invalid
 * UTF-8, or control characters. A leading BOM is dropped, and so is a trailing Ctrl-Z
 * (old DOS tools still append one to PDB files).
 */
export function decodeText(input: Uint8Array | string): DecodedText {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    if (input.includes(0)) return { ok: false, reason: 'binary', detail: 'the file contains NUL bytes' };
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      return { ok: false, reason: 'binary', detail: 'the file is not valid UTF-8 text' };
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Ctrl-Z (0x1a) is the character being removed.
  text = text.replace(/\u001a+\s*$/, '');
  const bad = CONTROL_CHARS.exec(text);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).padStart(2, '0');
    return { ok: false, reason: 'binary', detail: `the file contains the control character 0x${code}` };
  }
  return { ok: true, text };
}

/**
 * A file-name-safe version of a molecule or part name: path separators, whitespace
 * and other awkward characters become '_', and the result fits the 70-character
 * rename limit of the spec (§5). Empty results fall back to `fallback`.
 */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .trim()
    .replace(/[^A-Za-z0-9._+=@,-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 70);
  return cleaned === '' ? fallback : cleaned;
}

/** Makes names unique in order of appearance: a, a_2, a_3 ... (case-insensitively, for object stores). */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names.map((n) => n.toLowerCase()));
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    if (count === 0) return name;
    let n = count + 1;
    while (taken.has(`${key}_${n}`)) n++;
    taken.add(`${key}_${n}`);
    return `${name}_${n}`;
  });
}
