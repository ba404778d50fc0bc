import type { RemoteStateEntry, ViewerSessionSaved, ViewerStateServer } from '@medx/contract';
import { currentLang } from '../i18n';
import { API_BASE, api, authHeaders } from './client';

/**
 * Med View's remote states and project session (docs/decisions.md "Viewer states and
 * sessions"): the state server address of a project, Mol*'s remote state protocol spoken to
 * that address, and the project's session default.molx with etags.
 */

/** The stored session's etag without the quotes of the ETag header. */
export const unquoteEtag = (value: string | null): string | null =>
  value ? value.replace(/^W\//, '').replace(/"/g, '') : null;

export type SessionPut =
  | { kind: 'saved'; etag: string }
  /** 412: another tab or window saved since the etag this one holds. */
  | { kind: 'stale'; message: string }
  | { kind: 'failed'; message: string };

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { msg?: string };
    if (body?.msg) return body.msg;
  } catch {
    // not an envelope
  }
  return `${response.status} ${response.statusText}`.trim();
}

const sessionPath = (projectId: number) => `${API_BASE}/projects/${projectId}/viewer/session`;

export const viewerStatesApi = {
  /** POST /v1/projects/{id}/viewer/state_server: an address carrying the caller's rights. */
  stateServer: (projectId: number) =>
    api.post<ViewerStateServer>(`/projects/${projectId}/viewer/state_server`, undefined, { silent: true }),

  /** HEAD the session: its etag, or null when the project has none yet. Throws on other failures. */
  async sessionEtag(projectId: number): Promise<string | null> {
    const response = await fetch(sessionPath(projectId), { method: 'HEAD', headers: authHeaders() });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
    return unquoteEtag(response.headers.get('etag'));
  },

  /** GET the session's bytes and etag, or null when there is none. Throws on other failures. */
  async sessionGet(projectId: number): Promise<{ data: Blob; etag: string } | null> {
    let response = await fetch(sessionPath(projectId), { headers: { ...authHeaders(), Accept: '*/*' } });
    // 412: another tab replaced the session between the server's two reads; the server asks to read again.
    for (let attempt = 0; response.status === 412 && attempt < 3; attempt++) {
      response = await fetch(sessionPath(projectId), { headers: { ...authHeaders(), Accept: '*/*' } });
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(await errorText(response));
    const etag = unquoteEtag(response.headers.get('etag'));
    if (!etag) throw new Error('no etag');
    return { data: await response.blob(), etag };
  },

  /**
   * PUT the session: If-Match with the etag this tab holds, or If-None-Match: * for the first.
   * `keepalive` lets a small save finish while the page unloads.
   */
  async sessionPut(projectId: number, data: Blob, ifMatch: string | null, keepalive = false): Promise<SessionPut> {
    const headers: Record<string, string> = { ...authHeaders(), 'Content-Type': 'application/octet-stream' };
    if (ifMatch) headers['If-Match'] = `"${ifMatch}"`;
    else headers['If-None-Match'] = '*';
    try {
      const response = await fetch(sessionPath(projectId), { method: 'PUT', headers, body: data, keepalive });
      if (response.status === 412) return { kind: 'stale', message: await errorText(response) };
      if (!response.ok) return { kind: 'failed', message: await errorText(response) };
      const body = (await response.json()) as { data: ViewerSessionSaved };
      return { kind: 'saved', etag: body.data.etag };
    } catch (error) {
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  },
};

/** The state server's refusals in the user's language (Mol*'s protocol itself sends no headers). */
const lang = () => ({ 'Accept-Language': currentLang() });

/** Mol*'s remote state protocol ({server}/list, /get/{id}, /remove/{id}, POST /set), as its RemoteStateSnapshots speaks it. */
export const remoteStates = {
  async list(server: string): Promise<RemoteStateEntry[]> {
    const response = await fetch(`${server}/list`, { headers: lang() });
    if (!response.ok) throw new Error(await errorText(response));
    const items = (await response.json()) as RemoteStateEntry[];
    if (!Array.isArray(items)) throw new Error('not a list');
    return items;
  },
  getUrl: (server: string, id: string) => `${server}/get/${id}`,
  removeUrl: (server: string, id: string) => `${server}/remove/${id}`,
  /** The state `{id, name, description, data}` behind a get address. */
  async get(url: string): Promise<{ data: unknown; name?: string }> {
    const response = await fetch(url, { headers: lang() });
    if (!response.ok) throw new Error(await errorText(response));
    return (await response.json()) as { data: unknown; name?: string };
  },
  async remove(url: string): Promise<void> {
    const response = await fetch(url, { headers: lang() });
    if (!response.ok) throw new Error(await errorText(response));
  },
  async upload(
    server: string,
    params: { name: string; description: string; playOnLoad: boolean },
    snapshot: unknown,
  ): Promise<RemoteStateEntry> {
    const query = new URLSearchParams({
      name: params.name,
      description: params.description,
      playOnLoad: String(params.playOnLoad),
    });
    const response = await fetch(`${server}/set?${query}`, {
      method: 'POST',
      headers: { ...lang(), 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(snapshot),
    });
    if (!response.ok) throw new Error(await errorText(response));
    return (await response.json()) as RemoteStateEntry;
  },
};
