/**
 * Puts a run's input files in place: every data value of a values tree (project file ids of
 * a job, test-data names of a tool's test) becomes a Dataset, a file in the run's `inputs`
 * folder with the datatype and the metadata Galaxy would have set (the ones wrappers read).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { datatypeOf } from './datatypes';
import type { Dataset, GalaxyConditional, GalaxyParam, Values } from './galaxy-model';

/** Rewrites every data value of `values` through `stage` (in order), keeping the tree's shape. */
export async function mapDataValues(
  params: readonly GalaxyParam[],
  values: Values,
  stage: (value: unknown) => Promise<Dataset>,
): Promise<Values> {
  const out: Values = { ...values };
  for (const p of params) {
    const v = values[p.name];
    if (p.type === 'data') {
      const list = Array.isArray(v) ? v : [];
      const staged: Dataset[] = [];
      for (const item of list) staged.push(await stage(item));
      out[p.name] = staged;
    } else if (p.type === 'section' && isObject(v)) {
      out[p.name] = await mapDataValues(p.inputs, v, stage);
    } else if (p.type === 'repeat' && Array.isArray(v)) {
      const items: Values[] = [];
      for (const item of v as Values[]) items.push(await mapDataValues(p.inputs, item, stage));
      out[p.name] = items;
    } else if (p.type === 'conditional' && isObject(v)) {
      const branch = branchOf(p, v[p.test_param.name]);
      out[p.name] = branch ? await mapDataValues(branch.inputs, v, stage) : v;
    }
  }
  return out;
}

const isObject = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The branch of a conditional for its test value (a boolean's cases may say true/false or its true/false values). */
export function branchOf(p: GalaxyConditional, chosen: unknown) {
  const t = p.test_param;
  const keys =
    t.type === 'boolean' ? [String(chosen === true), chosen ? t.truevalue : t.falsevalue] : [String(chosen ?? '')];
  return p.cases.find((c) => keys.includes(c.value));
}

/** Writes one input file and describes it as Galaxy's dataset wrapper needs. */
export async function stageDataset(
  dir: string,
  index: number,
  name: string,
  ext: string,
  content: Buffer,
): Promise<Dataset> {
  await mkdir(join(dir, 'inputs'), { recursive: true });
  const path = join(dir, 'inputs', `dataset_${index}.dat`);
  await writeFile(path, content);
  const type = datatypeOf(ext);
  return { path, ext: type, name, metadata: datasetMetadata(type, content) };
}

/** The metadata Galaxy's datatypes set that chemistry wrappers read (number_of_molecules, data_lines). */
export function datasetMetadata(type: string, content: Buffer): Record<string, unknown> {
  if (content.length > 64 * 1024 * 1024) return {};
  const text = content.toString('utf8');
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const metadata: Record<string, unknown> = { data_lines: lines.length };
  if (type === 'sdf') metadata.number_of_molecules = text.split('\n').filter((l) => l.startsWith('$$$$')).length;
  else if (type === 'mol2') metadata.number_of_molecules = (text.match(/^@<TRIPOS>MOLECULE/gm) ?? []).length;
  else if (type === 'smi' || type === 'inchi') metadata.number_of_molecules = lines.length;
  else if (type === 'mol' || type === 'pdb' || type === 'pdbqt') metadata.number_of_molecules = 1;
  if (type === 'fasta') metadata.sequences = lines.filter((l) => l.startsWith('>')).length;
  return metadata;
}
