/**
 * CCP4/MRC map reader (the 1024-byte header, symmetry records skipped, then the grid):
 * modes 0 (int8), 1 (int16), 2 (float32) and 6 (uint16); endianness from the machine
 * stamp (word 54), the axis order from MAPC/MAPR/MAPS, the grid position from
 * NCSTART/NRSTART/NSSTART and the cell (any angles). The grid is returned in crystal
 * axis order (X fastest), so `gridToCartesian` maps an index to Å.
 */
export class MapFormatError extends Error {
  override name = 'MapFormatError';
}

export interface Ccp4Map {
  /** Points along X, Y, Z. */
  readonly size: readonly [number, number, number];
  /** Grid index of the first point along X, Y, Z (NXSTART...). */
  readonly start: readonly [number, number, number];
  /** Intervals along the cell edges (MX, MY, MZ). */
  readonly sampling: readonly [number, number, number];
  /** a, b, c (Å), alpha, beta, gamma (degrees). */
  readonly cell: readonly [number, number, number, number, number, number];
  /** MRC origin (Å), used only when every start is 0. */
  readonly origin: readonly [number, number, number];
  readonly mode: number;
  /** Values, X fastest then Y then Z. */
  readonly data: Float32Array;
}

const HEADER = 1024;
const MODE_BYTES: Record<number, number> = { 0: 1, 1: 2, 2: 4, 6: 2 };

/** The grid size from the header alone (no data read), for limits before the work. */
export function ccp4Points(buffer: Uint8Array): number {
  const h = header(buffer);
  return h.n[0] * h.n[1] * h.n[2];
}

function header(buffer: Uint8Array) {
  if (buffer.length < HEADER) throw new MapFormatError(`${buffer.length} bytes, shorter than the 1024-byte header`);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const tag = String.fromCharCode(...buffer.subarray(208, 212));
  if (tag !== 'MAP ') throw new MapFormatError("no 'MAP ' tag at byte 208");
  // Machine stamp: 0x44 0x41 (or 0x44 0x44) little-endian, 0x11 0x11 big-endian.
  let little = buffer[212] !== 0x11;
  if (buffer[212] === 0 && buffer[213] === 0) {
    // No stamp: guess by which byte order gives a sane mode.
    little = view.getInt32(12, true) in MODE_BYTES;
  }
  const int = (word: number) => view.getInt32(word * 4, little);
  const float = (word: number) => view.getFloat32(word * 4, little);
  const n = [int(0), int(1), int(2)] as const;
  const mode = int(3);
  if (!(mode in MODE_BYTES)) throw new MapFormatError(`unsupported data mode ${mode}`);
  if (n.some((v) => !Number.isInteger(v) || v < 1 || v > 100_000)) {
    throw new MapFormatError(`grid size ${n.join(' × ')} is not sane`);
  }
  const axes = [int(16), int(17), int(18)] as const;
  if ([...axes].sort().join() !== '1,2,3')
    throw new MapFormatError(`axis order ${axes.join(' ')} is not a permutation of 1 2 3`);
  return {
    view,
    little,
    n,
    mode,
    nstart: [int(4), int(5), int(6)] as const,
    sampling: [int(7), int(8), int(9)] as const,
    cell: [float(10), float(11), float(12), float(13), float(14), float(15)] as const,
    axes,
    symBytes: int(23),
    origin: [float(49), float(50), float(51)] as const,
  };
}

export function readCcp4(buffer: Uint8Array): Ccp4Map {
  const h = header(buffer);
  const [nc, nr, ns] = h.n;
  const count = nc * nr * ns;
  const bytes = MODE_BYTES[h.mode]!;
  if (h.symBytes < 0 || h.symBytes > buffer.length) throw new MapFormatError(`symmetry block of ${h.symBytes} bytes`);
  const offset = HEADER + h.symBytes;
  if (buffer.length < offset + count * bytes) {
    throw new MapFormatError(`${count} points need ${offset + count * bytes} bytes; the file has ${buffer.length}`);
  }
  const [a, b, c, alpha, beta, gamma] = h.cell;
  if (![a, b, c].every((v) => Number.isFinite(v) && v > 0) || ![alpha, beta, gamma].every((v) => v > 0 && v < 180)) {
    throw new MapFormatError(`cell ${h.cell.join(' ')} is not sane`);
  }
  if (h.sampling.some((v) => v < 1)) throw new MapFormatError(`grid sampling ${h.sampling.join(' ')} is not sane`);
  // File axis f (0 = columns, 1 = rows, 2 = sections) lies along crystal axis axes[f] - 1.
  const size = [0, 0, 0];
  const start = [0, 0, 0];
  for (let f = 0; f < 3; f++) {
    size[h.axes[f]! - 1] = h.n[f]!;
    start[h.axes[f]! - 1] = h.nstart[f]!;
  }
  const stride = [0, 0, 0];
  stride[h.axes[0] - 1] = 1;
  stride[h.axes[1] - 1] = nc;
  stride[h.axes[2] - 1] = nc * nr;
  const out = new Float32Array(count);
  const { view, little } = h;
  const read =
    h.mode === 0
      ? (i: number) => view.getInt8(offset + i)
      : h.mode === 1
        ? (i: number) => view.getInt16(offset + 2 * i, little)
        : h.mode === 6
          ? (i: number) => view.getUint16(offset + 2 * i, little)
          : (i: number) => view.getFloat32(offset + 4 * i, little);
  const [sx, sy, sz] = size as [number, number, number];
  let k = 0;
  for (let z = 0; z < sz; z++) {
    for (let y = 0; y < sy; y++) {
      const base = z * stride[2]! + y * stride[1]!;
      for (let x = 0; x < sx; x++) out[k++] = read(base + x * stride[0]!);
    }
  }
  return {
    size: [sx, sy, sz],
    start: start as [number, number, number],
    sampling: h.sampling,
    cell: h.cell,
    origin: h.origin,
    mode: h.mode,
    data: out,
  };
}

/** Row-major 3×3 orthogonalization matrix of a cell (PDB convention: a along x, b in the xy plane). */
export function orthogonalization(cell: Ccp4Map['cell']): number[] {
  const [a, b, c] = cell;
  const [al, be, ga] = [cell[3], cell[4], cell[5]].map((d) => (d * Math.PI) / 180) as [number, number, number];
  const [ca, cb, cg, sg] = [Math.cos(al), Math.cos(be), Math.cos(ga), Math.sin(ga)];
  const v = Math.sqrt(Math.max(0, 1 - ca * ca - cb * cb - cg * cg + 2 * ca * cb * cg));
  return [a, b * cg, c * cb, 0, b * sg, (c * (ca - cb * cg)) / sg, 0, 0, (c * v) / sg];
}

/**
 * Affine map from grid index (i, j, k along X, Y, Z, from the first stored point) to Å:
 * 12 numbers, row-major 3×4.
 */
export function gridToCartesian(map: Ccp4Map): number[] {
  const m = orthogonalization(map.cell);
  const shift = map.start.every((s) => s === 0) ? map.origin : [0, 0, 0];
  const out: number[] = [];
  for (let r = 0; r < 3; r++) {
    let t = shift[r]!;
    for (let q = 0; q < 3; q++) {
      out.push(m[r * 3 + q]! / map.sampling[q]!);
      t += (m[r * 3 + q]! * map.start[q]!) / map.sampling[q]!;
    }
    out.push(t);
  }
  return out;
}

/** Mean and root-mean-square deviation of a map's values. */
export function mapStatistics(data: Float32Array): { mean: number; rms: number } {
  let sum = 0;
  for (const v of data) sum += v;
  const mean = sum / data.length;
  let sq = 0;
  for (const v of data) sq += (v - mean) * (v - mean);
  return { mean, rms: Math.sqrt(sq / data.length) };
}
