import { describe, expect, it } from 'vitest';
import { sniffContent, sniffCsv, sniffJson, sniffMap, sniffText } from './content-sniff';

/** A CCP4/MRC map: 1024-byte header ('MAP ' at 208, machine stamp at 212) and a float32 grid. */
function ccp4Map(
  options: { dims?: [number, number, number]; mode?: number; bigEndian?: boolean; stamp?: string } = {},
): Buffer {
  const [nc, nr, ns] = options.dims ?? [2, 3, 4];
  const mode = options.mode ?? 2;
  const voxel = mode === 0 ? 1 : mode === 1 || mode === 6 || mode === 12 ? 2 : mode === 4 ? 8 : 4;
  const buffer = Buffer.alloc(1024 + nc * nr * ns * voxel);
  const write = (offset: number, value: number) =>
    options.bigEndian ? buffer.writeInt32BE(value, offset) : buffer.writeInt32LE(value, offset);
  for (const [i, value] of [nc, nr, ns, mode].entries()) write(i * 4, value);
  buffer.write(options.stamp ?? 'MAP ', 208, 'latin1');
  buffer[212] = options.bigEndian ? 0x11 : 0x44;
  buffer[213] = options.bigEndian ? 0x11 : 0x41;
  return buffer;
}

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'utf8');
/** Random-looking bytes with no NUL: only the control-character rule can catch them. */
const noisyText = Buffer.from(Array.from({ length: 400 }, (_, i) => 1 + ((i * 37) % 31)));

describe('images: magic numbers', () => {
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
  const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46);
  const gif = text('GIF89a\x01\x00\x01\x00');
  const webp = Buffer.concat([text('RIFF'), bytes(20, 0, 0, 0), text('WEBPVP8 ')]);
  const bmp = Buffer.concat([text('BM'), Buffer.alloc(12), bytes(40, 0, 0, 0), Buffer.alloc(24)]);
  const tiffLe = bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0);
  const tiffBe = bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8);

  it.each([
    ['png', png],
    ['jpg', jpeg],
    ['jpeg', jpeg],
    ['gif', gif],
    ['webp', webp],
    ['bmp', bmp],
    ['tif', tiffLe],
    ['tiff', tiffBe],
  ])('accepts a %s', (ext, content) => {
    expect(sniffContent(ext, content)).toEqual({ ok: true });
  });

  it.each([
    ['png', jpeg, 'PNG image'],
    ['jpg', png, 'JPEG image'],
    ['gif', text('GIF90a'), 'GIF image'],
    ['webp', Buffer.concat([text('RIFF'), bytes(20, 0, 0, 0), text('WAVEfmt ')]), 'WebP image'],
    ['bmp', text('BMx'), 'BMP image'],
    ['tif', text('II'), 'TIFF image'],
    ['png', text('just some text pretending to be an image'), 'PNG image'],
  ])('refuses a %s that is something else', (ext, content, expected) => {
    expect(sniffContent(ext, content)).toMatchObject({ ok: false, expected });
  });
});

describe('CCP4/MRC maps', () => {
  it('accepts little- and big-endian maps of the known modes', () => {
    expect(sniffMap(ccp4Map())).toEqual({ ok: true });
    expect(sniffMap(ccp4Map({ bigEndian: true, dims: [5, 5, 5] }))).toEqual({ ok: true });
    for (const mode of [0, 1, 2, 3, 4, 6, 12]) expect(sniffMap(ccp4Map({ mode })), String(mode)).toEqual({ ok: true });
    expect(sniffContent('ccp4', ccp4Map())).toEqual({ ok: true });
    expect(sniffContent('mrc', ccp4Map())).toEqual({ ok: true });
  });

  it('refuses a short file, a missing stamp, insane dimensions, an unknown mode and a truncated grid', () => {
    expect(sniffMap(bytes(1, 2, 3, 0, 5))).toMatchObject({ ok: false, detail: expect.stringContaining('shorter') });
    expect(sniffMap(ccp4Map({ stamp: 'PAM ' }))).toMatchObject({ ok: false, detail: expect.stringContaining('MAP') });
    expect(sniffMap(ccp4Map({ dims: [0, 3, 4] }))).toMatchObject({ detail: expect.stringContaining('not sane') });
    const huge = ccp4Map();
    huge.writeInt32LE(100_000, 0);
    expect(sniffMap(huge)).toMatchObject({ ok: false, detail: expect.stringContaining('not sane') });
    expect(sniffMap(ccp4Map({ mode: 7 }))).toMatchObject({ ok: false, detail: 'unknown data mode 7' });
    const cut = ccp4Map({ dims: [10, 10, 10] }).subarray(0, 2000);
    expect(sniffMap(cut)).toMatchObject({ ok: false, detail: expect.stringContaining('needs 5024 bytes') });
    // Random bytes the size of a map.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256));
    expect(sniffContent('ccp4', noise)).toMatchObject({ ok: false, expected: 'CCP4/MRC map' });
  });
});

describe('CSV', () => {
  it('accepts consistent rows, quoted fields with commas, quotes and line breaks, CRLF and blank lines', () => {
    expect(sniffCsv(text('name,score\na,-7.1\nb,-6.5\n'))).toEqual({ ok: true });
    expect(sniffCsv(text('name,note\r\n"a, b","say ""hi""\nthere"\r\n\r\nc,d'))).toEqual({ ok: true });
    expect(sniffCsv(text('\uFEFFsingle\n1\n2\n'))).toEqual({ ok: true });
  });

  it('refuses rows of another width, an open quote, binary data, non-UTF-8 and nothing at all', () => {
    expect(sniffCsv(text('a,b,c\n1,2\n'))).toEqual({
      ok: false,
      expected: 'CSV',
      detail: 'row 2 has 2 columns, the first has 3',
    });
    expect(sniffCsv(text('a,b\n"1,2\n'))).toMatchObject({ ok: false, detail: expect.stringContaining('never closed') });
    expect(sniffCsv(bytes(0x61, 0x2c, 0x62, 0x0a, 0x00, 0x01))).toMatchObject({
      ok: false,
      detail: expect.stringContaining('NUL byte at offset 4'),
    });
    expect(sniffCsv(bytes(0x61, 0x2c, 0xff, 0xfe, 0x0a))).toMatchObject({ ok: false, detail: 'the text is not UTF-8' });
    expect(sniffCsv(text('\n\n'))).toMatchObject({ ok: false, detail: 'no rows' });
  });
});

describe('JSON', () => {
  it('accepts what parses (a BOM too) and refuses what does not', () => {
    expect(sniffJson(text('{"a": [1, 2, {"b": null}]}'))).toEqual({ ok: true });
    expect(sniffJson(text('\uFEFF[]'))).toEqual({ ok: true });
    expect(sniffJson(text('{"a": 1,}'))).toMatchObject({ ok: false, expected: 'JSON' });
    expect(sniffContent('json', bytes(0x7b, 0x00, 0x7d))).toMatchObject({ ok: false, expected: 'JSON' });
  });
});

describe('text formats', () => {
  it.each(['pdb', 'pdbqt', 'sdf', 'mol2', 'smi', 'xyz', 'cif', 'txt', 'gro', 'mdp', 'xvg', 'html'])(
    '%s: refuses NUL bytes and control characters, accepts text',
    (ext) => {
      expect(sniffContent(ext, text('ATOM      1  N   ALA A   1      11.104  6.134  -6.504  1.00  0.00\n'))).toEqual({
        ok: true,
      });
      expect(sniffContent(ext, bytes(0x41, 0x54, 0x00, 0x4d))).toMatchObject({ ok: false });
      expect(sniffContent(ext, noisyText)).toMatchObject({ ok: false, detail: 'binary data (control characters)' });
    },
  );

  it('names the expected type', () => {
    expect(sniffText(bytes(0), 'SMILES')).toEqual({
      ok: false,
      expected: 'SMILES',
      detail: 'binary data (a NUL byte at offset 0)',
    });
    expect(sniffContent('smi', bytes(0))).toMatchObject({ expected: 'SMILES' });
  });

  it('SVG must be text with an <svg> root', () => {
    expect(
      sniffContent('svg', text('<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toEqual({ ok: true });
    expect(sniffContent('svg', text('<html></html>'))).toMatchObject({ ok: false, expected: 'SVG image' });
  });
});

describe('other types', () => {
  it('PLY and NetCDF by their headers', () => {
    expect(sniffContent('ply', text('ply\nformat binary_little_endian 1.0\n'))).toEqual({ ok: true });
    expect(sniffContent('ply', text('plx\n'))).toMatchObject({ ok: false, expected: 'PLY mesh' });
    expect(sniffContent('netcdf', Buffer.concat([text('CDF'), bytes(1, 0, 0)]))).toEqual({ ok: true });
    expect(sniffContent('netcdf', bytes(0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a))).toEqual({ ok: true });
    expect(sniffContent('netcdf', text('nope'))).toMatchObject({ ok: false, expected: 'NetCDF' });
  });

  it('binary formats without a signature to check pass', () => {
    for (const ext of ['dcd', 'xtc', 'trr', 'edr', 'cpt', 'tpr', 'bcif']) {
      expect(sniffContent(ext, bytes(0, 1, 2, 3)), ext).toEqual({ ok: true });
    }
  });
});
