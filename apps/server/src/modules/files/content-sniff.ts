/**
 * Does a file's content match the type its extension declares? Pure checks on the bytes
 * (no parsing of structures: chem/formats.ts validates those): magic numbers of images,
 * the CCP4/MRC header of maps, CSV and JSON that parse, and no binary data in text formats.
 * Types with nothing to check (trajectories, run inputs of other programs) pass.
 */

export type SniffResult = { ok: true } | { ok: false; expected: string; detail: string };

const OK: SniffResult = { ok: true };
const fail = (expected: string, detail: string): SniffResult => ({ ok: false, expected, detail });

/** Text formats: structures, tables, logs and inputs of other programs. Binary data is refused. */
const TEXT_TYPES: Record<string, string> = {
  pdb: 'PDB',
  pdbqt: 'PDBQT',
  cif: 'mmCIF',
  sdf: 'SDF',
  mol: 'MOL',
  mol2: 'MOL2',
  smi: 'SMILES',
  xyz: 'XYZ',
  extendedxyz: 'extended XYZ',
  inchi: 'InChI',
  gro: 'GRO',
  top: 'topology (TOP)',
  itp: 'topology (ITP)',
  mdp: 'MDP',
  ndx: 'NDX',
  xvg: 'XVG',
  txt: 'text',
  cub: 'cube',
  html: 'HTML',
  htm: 'HTML',
  svg: 'SVG',
  csv: 'CSV',
  json: 'JSON',
};

const startsWith = (content: Buffer, bytes: readonly number[], at = 0) =>
  content.length >= at + bytes.length && bytes.every((b, i) => content[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

interface ImageRule {
  expected: string;
  matches(content: Buffer): boolean;
}

const IMAGES: Record<string, ImageRule> = {
  png: { expected: 'PNG image', matches: (c) => startsWith(c, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { expected: 'JPEG image', matches: (c) => startsWith(c, [0xff, 0xd8, 0xff]) },
  jpeg: { expected: 'JPEG image', matches: (c) => startsWith(c, [0xff, 0xd8, 0xff]) },
  gif: { expected: 'GIF image', matches: (c) => startsWith(c, ascii('GIF87a')) || startsWith(c, ascii('GIF89a')) },
  webp: { expected: 'WebP image', matches: (c) => startsWith(c, ascii('RIFF')) && startsWith(c, ascii('WEBP'), 8) },
  bmp: {
    expected: 'BMP image',
    // 'BM', then the file size and a header of at least 12 bytes (BITMAPCOREHEADER).
    matches: (c) => startsWith(c, ascii('BM')) && c.length >= 26 && c.readUInt32LE(14) >= 12,
  },
  tif: { expected: 'TIFF image', matches: (c) => isTiff(c) },
  tiff: { expected: 'TIFF image', matches: (c) => isTiff(c) },
  ico: { expected: 'ICO image', matches: (c) => startsWith(c, [0x00, 0x00, 0x01, 0x00]) && c.length >= 22 },
};

/** II*\0 / MM\0* (TIFF), II+\0 / MM\0+ (BigTIFF). */
function isTiff(c: Buffer): boolean {
  return (
    startsWith(c, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(c, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(c, [0x49, 0x49, 0x2b, 0x00]) ||
    startsWith(c, [0x4d, 0x4d, 0x00, 0x2b])
  );
}

/** Bytes per voxel of the CCP4/MRC modes (0 int8, 1 int16, 2 float32, 3 complex int16, 4 complex float32, 6 uint16, 12 float16). */
const MAP_MODE_BYTES: Record<number, number> = { 0: 1, 1: 2, 2: 4, 3: 4, 4: 8, 6: 2, 12: 2 };
/** A grid edge beyond this is not a density map we would ever display. */
const MAP_MAX_EDGE = 10_000;
const MAP_HEADER = 1024;

/**
 * CCP4/MRC map: the 'MAP ' stamp at byte 208, a machine stamp telling the byte order, grid
 * dimensions that are positive and sane, a known mode, and a file long enough for the grid.
 */
export function sniffMap(content: Buffer): SniffResult {
  const expected = 'CCP4/MRC map';
  if (content.length < MAP_HEADER) return fail(expected, `${content.length} bytes is shorter than a map header`);
  if (!startsWith(content, ascii('MAP '), 208)) return fail(expected, "no 'MAP ' stamp at byte 208");
  // Machine stamp: 0x44 0x41 (or 0x44 0x44) little-endian, 0x11 0x11 big-endian; absent in old files.
  const stamp = content[212];
  const readers =
    stamp === 0x11
      ? [(o: number) => content.readInt32BE(o)]
      : stamp === 0x44
        ? [(o: number) => content.readInt32LE(o)]
        : [(o: number) => content.readInt32LE(o), (o: number) => content.readInt32BE(o)];
  let reason = '';
  for (const int of readers) {
    const [nc, nr, ns, mode] = [int(0), int(4), int(8), int(12)];
    const nsymbt = int(92);
    if (![nc, nr, ns].every((n) => n > 0 && n <= MAP_MAX_EDGE)) {
      reason = `grid dimensions ${nc} × ${nr} × ${ns} are not sane`;
      continue;
    }
    const voxel = MAP_MODE_BYTES[mode];
    if (voxel === undefined) {
      reason = `unknown data mode ${mode}`;
      continue;
    }
    if (nsymbt < 0 || nsymbt > content.length) {
      reason = `symmetry block of ${nsymbt} bytes`;
      continue;
    }
    const needed = MAP_HEADER + nsymbt + nc * nr * ns * voxel;
    if (content.length < needed) {
      reason = `the ${nc} × ${nr} × ${ns} grid needs ${needed} bytes, the file has ${content.length}`;
      continue;
    }
    return OK;
  }
  return fail(expected, reason);
}

/** The first NUL byte, or -1. Text formats never contain one; binary data almost always does. */
function firstNul(content: Buffer): number {
  return content.indexOf(0);
}

/** Share of control characters other than tab, line feed, form feed and carriage return. */
function controlShare(content: Buffer): number {
  const sample = content.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f) {
      controls++;
    }
  }
  return sample.length === 0 ? 0 : controls / sample.length;
}

/** Text: no NUL byte and (almost) no control characters. */
export function sniffText(content: Buffer, expected: string): SniffResult {
  const nul = firstNul(content);
  if (nul >= 0) return fail(expected, `binary data (a NUL byte at offset ${nul})`);
  if (controlShare(content) > 0.05) return fail(expected, 'binary data (control characters)');
  return OK;
}

function decodeUtf8(content: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return null;
  }
}

/**
 * CSV (RFC 4180, comma-separated, quotes doubled inside quoted fields): UTF-8 text whose
 * records all have as many fields as the first. Blank lines are skipped.
 */
export function sniffCsv(content: Buffer): SniffResult {
  const expected = 'CSV';
  const binary = sniffText(content, expected);
  if (!binary.ok) return binary;
  const text = decodeUtf8(content);
  if (text === null) return fail(expected, 'the text is not UTF-8');
  let width = -1;
  let record = 1;
  let fields = 1;
  let field = '';
  let inQuotes = false;
  let atFieldStart = true;
  const endRecord = (): SniffResult | null => {
    const blank = fields === 1 && field.trim() === '';
    if (!blank) {
      if (width < 0) width = fields;
      else if (fields !== width) return fail(expected, `row ${record} has ${fields} columns, the first has ${width}`);
      record++;
    }
    fields = 1;
    field = '';
    atFieldStart = true;
    return null;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      field += c;
      continue;
    }
    if (c === '"' && atFieldStart) {
      inQuotes = true;
      atFieldStart = false;
      field += c;
    } else if (c === ',') {
      fields++;
      field = '';
      atFieldStart = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      const bad = endRecord();
      if (bad) return bad;
    } else {
      field += c;
      atFieldStart = false;
    }
  }
  if (inQuotes) return fail(expected, `row ${record} has a quote that is never closed`);
  const bad = endRecord();
  if (bad) return bad;
  if (width < 0) return fail(expected, 'no rows');
  return OK;
}

export function sniffJson(content: Buffer): SniffResult {
  const expected = 'JSON';
  const binary = sniffText(content, expected);
  if (!binary.ok) return binary;
  const text = decodeUtf8(content);
  if (text === null) return fail(expected, 'the text is not UTF-8');
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return OK;
  } catch (err) {
    return fail(expected, (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 120));
  }
}

/** SVG: text whose first element (after an XML prolog, comments and a doctype) is <svg. */
function sniffSvg(content: Buffer): SniffResult {
  const expected = 'SVG image';
  const binary = sniffText(content, expected);
  if (!binary.ok) return binary;
  const head = content
    .subarray(0, 64 * 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/gi, '')
    .trimStart();
  return /^<svg[\s>/]/i.test(head) ? OK : fail(expected, 'it does not start with an <svg> element');
}

/** PLY meshes are text or binary after a text header that starts with 'ply'. */
function sniffPly(content: Buffer): SniffResult {
  return startsWith(content, ascii('ply')) && (content[3] === 0x0a || content[3] === 0x0d)
    ? OK
    : fail('PLY mesh', "it does not start with the 'ply' header");
}

/** NetCDF classic (CDF\x01, CDF\x02, CDF\x05) or NetCDF-4 (HDF5 signature). */
function sniffNetcdf(content: Buffer): SniffResult {
  const classic = startsWith(content, ascii('CDF')) && [1, 2, 5].includes(content[3] ?? -1);
  const hdf5 = startsWith(content, [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);
  return classic || hdf5 ? OK : fail('NetCDF', 'no NetCDF or HDF5 signature');
}

/** Checks content against the type its extension (lower case, no dot) declares. */
export function sniffContent(ext: string, content: Buffer): SniffResult {
  const image = IMAGES[ext];
  if (image) {
    return image.matches(content) ? OK : fail(image.expected, `it does not start with the ${image.expected} signature`);
  }
  switch (ext) {
    case 'ccp4':
    case 'mrc':
    case 'map':
      return sniffMap(content);
    case 'csv':
      return sniffCsv(content);
    case 'json':
      return sniffJson(content);
    case 'svg':
      return sniffSvg(content);
    case 'ply':
      return sniffPly(content);
    case 'netcdf':
      return sniffNetcdf(content);
  }
  const text = TEXT_TYPES[ext];
  return text ? sniffText(content, text) : OK;
}
