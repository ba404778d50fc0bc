import { volumeServerPath } from '@medx/contract';
import { Volume } from 'molstar/lib/mol-model/volume';
import { VolumeStreaming } from 'molstar/lib/mol-plugin/behavior/dynamic/volume-streaming/behavior';
import {
  CreateVolumeStreamingBehavior,
  CreateVolumeStreamingInfo,
  VolumeStreamingVisual,
} from 'molstar/lib/mol-plugin/behavior/dynamic/volume-streaming/transformers';
import { PluginConfig } from 'molstar/lib/mol-plugin/config';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { Task } from 'molstar/lib/mol-task';
import { Asset } from 'molstar/lib/mol-util/assets';
import type { AjaxGetParams, DataType } from 'molstar/lib/mol-util/data-source';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';
import { authHeaders } from '../../api/client';
import { apiPathOf } from '../../viewer/viewer-api';
import { authorizeApiDownloads } from './lazy-volume';

/**
 * Volume streaming of the project's own maps (issue 12 point 7; viewer spec §2 Structure Tools
 * "Volume Streaming", §4 its texts, which Mol*'s section shows itself): Mol*'s streaming client on
 * our server's Mol* volume server (`/v1/projects/{id}/volume-server`, source 'em', the file id as
 * the entry). Nothing reaches another host: the plugin's fetch and its asset manager refuse any
 * address that is not this page's origin (Mol*'s EM path would ask ebi.ac.uk for EMDB ids).
 */

const origin = () => (typeof location === 'undefined' ? '' : location.origin);

/** Our streaming server for a project, as an absolute same-origin address (Mol*'s `serverUrl`). */
export function streamingServerUrl(projectId: number, pageOrigin: string = origin()): string {
  return `${pageOrigin}${volumeServerPath(projectId)}`;
}

/** True for an address on this page's origin (relative addresses included). */
export function isSameOrigin(url: string, pageOrigin: string = origin()): boolean {
  if (!/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//')) return true;
  try {
    return new URL(url, pageOrigin || undefined).origin === pageOrigin;
  } catch {
    return false;
  }
}

/** Mol*'s wording for an HTTP failure (its Volume Streaming section looks for '404' in it). */
export const downloadFailed = (status: number) => `Download failed with status code ${status}`;

export const refusedHost = (url: string) => `Refused: ${url} is not on this server`;

const GUARDED = Symbol('medx-streaming-guard');

/**
 * The plugin's fetch (Mol*'s streaming header, EMDB look-ups) and asset downloads (streamed
 * boxes) stay on this origin; our API's addresses carry the session's headers. Idempotent.
 */
export function guardStreaming(plugin: PluginContext): void {
  const guarded = plugin as PluginContext & { [GUARDED]?: true };
  if (guarded[GUARDED]) return;
  guarded[GUARDED] = true;
  authorizeApiDownloads(plugin);
  const original = plugin.fetch;
  (plugin as { fetch: PluginContext['fetch'] }).fetch = ((params: string | AjaxGetParams<DataType>) => {
    const request: AjaxGetParams<DataType> = typeof params === 'string' ? { url: params } : params;
    if (!isSameOrigin(request.url)) {
      return Task.create('Download', async () => {
        throw new Error(refusedHost(request.url));
      });
    }
    if (apiPathOf(request.url) === null) return original(params as string);
    return Task.create(`Download ${request.title ?? request.url}`, async () => {
      const response = await fetch(request.url, { headers: { ...authHeaders(), Accept: '*/*' } });
      if (!response.ok) throw new Error(downloadFailed(response.status));
      switch (request.type) {
        case 'json':
          return await response.json();
        case 'binary':
          return new Uint8Array(await response.arrayBuffer());
        case 'xml':
          return new DOMParser().parseFromString(await response.text(), 'application/xml');
        default:
          return await response.text();
      }
    });
  }) as typeof plugin.fetch;
  const assets = plugin.managers.asset;
  const resolve = assets.resolve.bind(assets);
  assets.resolve = ((asset: Asset, type: 'string', store?: boolean) => {
    if (Asset.isUrl(asset) && !isSameOrigin(asset.url)) {
      return Task.create('Download', async () => {
        throw new Error(refusedHost(asset.url));
      });
    }
    return resolve(asset, type, store);
  }) as typeof assets.resolve;
}

/** Points Mol*'s Volume Streaming (its Enable and the default server) at the project's server. */
export function setStreamingProject(plugin: PluginContext, projectId: number): void {
  guardStreaming(plugin);
  plugin.config.set(PluginConfig.VolumeStreaming.DefaultServer, streamingServerUrl(projectId));
  plugin.config.set(PluginConfig.VolumeStreaming.EmdbHeaderServer, streamingServerUrl(projectId));
}

/** The one structure streaming applies to (viewer spec §2: one structure), or null. */
export function streamingStructureRef(plugin: PluginContext): string | null {
  const { selection, current } = plugin.managers.structure.hierarchy;
  const structures = selection.structures.length === 1 ? selection.structures : current.structures;
  return structures.length === 1 ? structures[0]!.cell.transform.ref : null;
}

/**
 * Streams a project map around the structure: Mol*'s own steps of InitVolumeStreaming for an
 * 'em' entry (info from the server's header, the behaviour, one ghost visual for the 'em'
 * channel at 1 σ), with the entry given directly (Mol*'s action would look EMDB ids up remotely).
 * Mol*'s Volume Streaming section then shows the entry's controls, or its error texts.
 */
export async function streamMap(plugin: PluginContext, structureRef: string, projectId: number, fileId: number) {
  setStreamingProject(plugin, projectId);
  const state = plugin.state.data;
  const infoTree = state
    .build()
    .to(structureRef)
    .applyOrUpdateTagged(VolumeStreaming.RootTag, CreateVolumeStreamingInfo, {
      serverUrl: streamingServerUrl(projectId),
      autoEntries: false,
      entries: [{ dataId: String(fileId), source: { name: 'em', params: { isoValue: Volume.IsoValue.relative(1) } } }],
      defaultView: 'auto',
      defaultChannelParams: {},
    });
  await infoTree.commit();
  const info = infoTree.selector;
  if (!info.isOk) throw new Error(info.cell?.errorText ?? 'Error Enabling');
  const children = state.tree.children.get(info.ref);
  if (children.size > 0) await plugin.managers.structure.hierarchy.remove(children.toArray());
  const data = info.cell!.obj!.data;
  const behavior = state
    .build()
    .to(infoTree.ref)
    .apply(
      CreateVolumeStreamingBehavior,
      PD.getDefaultValues(VolumeStreaming.createParams({ data, defaultView: 'auto', channelParams: {} })),
    );
  behavior.apply(VolumeStreamingVisual, { channel: 'em' }, { state: { isGhost: true }, tags: 'em' });
  await state.updateTree(behavior).run();
}
