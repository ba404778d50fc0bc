import type { Show3dResult } from '@medx/contract';
import type { z } from 'zod';
import { API_BASE, api, type RequestOptions } from '../api/client';

export type Show3d = z.infer<typeof Show3dResult>;

/** What `viewerService.loadFile` needs; the files API's show_3d answer maps onto it. */
export interface LoadFileRequest {
  fileId: number;
  url: string;
  /** Mol* parser name as the files API gives it (pdb, mmcif, sdf, mol2, ccp4, ply...). */
  format: string;
  isBinary: boolean;
  label: string;
}

export const viewerApi = {
  /** GET /v1/files/{id}/show_3d: the download address and parser of a file. */
  show3d: (fileId: number, options?: RequestOptions) => api.get<Show3d>(`/files/${fileId}/show_3d`, undefined, options),
};

export function toLoadRequest(answer: Show3d): LoadFileRequest {
  return { fileId: answer.id, url: answer.url, format: answer.format, isBinary: answer.is_binary, label: answer.name };
}

/**
 * The API path (`/files/3/download`) of an address under the API base, or null for any other
 * address: only our own API gets the session's `token` header.
 */
export function apiPathOf(
  url: string,
  origin: string = typeof location === 'undefined' ? '' : location.origin,
): string | null {
  let pathAndQuery = url;
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) {
    const parsed = new URL(url);
    if (parsed.origin !== origin) return null;
    pathAndQuery = `${parsed.pathname}${parsed.search}`;
  }
  if (!pathAndQuery.startsWith(`${API_BASE}/`)) return null;
  return pathAndQuery.slice(API_BASE.length);
}

/** The file's bytes (text formats as a string), with the API client's headers for our own API. */
export async function downloadFileData(
  request: LoadFileRequest,
  signal?: AbortSignal,
): Promise<string | Uint8Array<ArrayBuffer>> {
  const path = apiPathOf(request.url);
  let blob: Blob;
  if (path !== null) {
    const answer = await api.blob(path, undefined, { signal, silent: true });
    if (!answer.success || !answer.data) throw new Error(answer.msg || `download failed: ${request.url}`);
    blob = answer.data;
  } else {
    const response = await fetch(request.url, { signal });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
    blob = await response.blob();
  }
  return request.isBinary ? new Uint8Array(await blob.arrayBuffer()) : await blob.text();
}
