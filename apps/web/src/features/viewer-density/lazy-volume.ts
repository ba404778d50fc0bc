import type { ProjectFile } from '@medx/contract';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { Task } from 'molstar/lib/mol-task';
import { Asset } from 'molstar/lib/mol-util/assets';
import { Color } from 'molstar/lib/mol-util/color';
import { apiPathOf, downloadFileData } from '../../viewer/viewer-api';
import { DEFAULT_COLOR } from './rules';

/**
 * Volume lazy items (viewer spec §3: url, isBinary, format, entryId, isovalues; §4: loaded,
 * replaced by real volumes, the lazy entry deleted; §5 'Failed to parse any volume.'). The item is
 * Mol*'s own LazyVolume cell and Mol*'s Volume section (Structure Tools) loads it: it downloads the
 * url through the plugin's asset manager, parses it with the format's provider and raises Mol*'s
 * 'Failed to parse any volume.' itself. Our files need the session's token header, which must not
 * be written into the item (it goes into saved states): `authorizeApiDownloads` lets the asset
 * manager fetch addresses of our own API with the API client instead.
 */

/** Mol*'s binary volume formats by extension; the rest (cube, dx) are text. */
const VOLUME_FORMATS: Record<string, { format: string; isBinary: boolean }> = {
  ccp4: { format: 'ccp4', isBinary: true },
  map: { format: 'ccp4', isBinary: true },
  mrc: { format: 'ccp4', isBinary: true },
  dsn6: { format: 'dsn6', isBinary: true },
  brix: { format: 'dsn6', isBinary: true },
  dx: { format: 'dx', isBinary: false },
  dxbin: { format: 'dxbin', isBinary: true },
  cub: { format: 'cube', isBinary: false },
  cube: { format: 'cube', isBinary: false },
};

/** The files API's file_type filter for every volume extension above (file_type is the upper-case extension). */
export const VOLUME_FILE_TYPES = Object.keys(VOLUME_FORMATS)
  .map((ext) => ext.toUpperCase())
  .join(',');

export function volumeFormatOf(ext: string): { format: string; isBinary: boolean } | null {
  return VOLUME_FORMATS[ext.trim().toLowerCase()] ?? null;
}

/** Mol*'s error when a lazy volume's file parsed into no volume (its text, spec §5). */
export const LAZY_VOLUME_PARSE_FAILURE = 'Failed to parse any volume.';

export const isLazyVolumeParseFailure = (reason: unknown): boolean =>
  reason instanceof Error && reason.message === LAZY_VOLUME_PARSE_FAILURE;

const failureListeners = new Set<() => void>();
let consoleError: typeof console.error | null = null;

/**
 * Calls `listener` whenever Mol* reports 'Failed to parse any volume.'. Mol*'s Volume section
 * loads a lazy volume inside a state transaction, which reverts on the error and hands it to
 * `console.error` only (no event, no rejection), so that is where it is read: one wrapper for
 * all listeners, which passes everything on unchanged and is removed with the last listener.
 */
export function onLazyVolumeParseFailure(listener: () => void): () => void {
  failureListeners.add(listener);
  if (!consoleError) {
    const original = console.error;
    consoleError = original;
    console.error = (...args: unknown[]) => {
      original.apply(console, args);
      if (args.some(isLazyVolumeParseFailure)) for (const l of failureListeners) l();
    };
  }
  return () => {
    failureListeners.delete(listener);
    if (failureListeners.size === 0 && consoleError) {
      console.error = consoleError;
      consoleError = null;
    }
  };
}

/** Adds a lazy volume item for a project map (one isosurface at 1 σ, dark gray). */
export async function addLazyVolume(plugin: PluginContext, file: Pick<ProjectFile, 'name' | 'ext' | 'url'>) {
  const kind = volumeFormatOf(file.ext);
  if (!kind) throw new Error(`not a volume: ${file.name}`);
  authorizeApiDownloads(plugin);
  await plugin
    .build()
    .toRoot()
    .apply(StateTransforms.Data.LazyVolume, {
      url: file.url,
      isBinary: kind.isBinary,
      format: kind.format,
      entryId: file.name,
      isovalues: [{ type: 'relative', value: 1, alpha: 1, color: Color.fromHexStyle(DEFAULT_COLOR), volumeIndex: 0 }],
    })
    .commit();
}

const AUTHORIZED = Symbol('medx-authorized-downloads');

/**
 * Downloads of addresses under our API (`/v1/...`, same origin) go through the API client (its
 * token header); the bytes are handed to the asset manager under the asset's own id, so Mol*'s
 * caching and release stay its own. Other addresses are Mol*'s as before. Idempotent.
 */
export function authorizeApiDownloads(plugin: PluginContext): void {
  const manager = plugin.managers.asset as typeof plugin.managers.asset & { [AUTHORIZED]?: true };
  if (manager[AUTHORIZED]) return;
  manager[AUTHORIZED] = true;
  const resolve = manager.resolve.bind(manager);
  manager.resolve = ((asset: Asset, type: 'string' | 'binary' | 'zip' | 'json', store = true) => {
    const path = Asset.isUrl(asset) && !asset.headers && !asset.body ? apiPathOf(asset.url) : null;
    if (path === null || manager.has(asset)) return resolve(asset, type as 'string', store);
    return Task.create(`Download ${Asset.isUrl(asset) ? asset.title || asset.url : ''}`, async (ctx) => {
      // The viewer's own download of project files (the API client, with the session's headers).
      const url = (asset as Asset.Url).url;
      const bytes = await downloadFileData({ fileId: 0, url, format: '', isBinary: true, label: '' });
      manager.set(asset, new File([bytes as Uint8Array<ArrayBuffer>], 'raw-data'));
      return resolve(asset, type as 'string', store).runInContext(ctx);
    });
  }) as typeof manager.resolve;
}
