import { randomBytes } from 'node:crypto';
import type { Envelope, ViewerStateServer } from '@medx/contract';
import { expect } from 'vitest';
import { countRows } from '../support/helpers';
import type { TestApp, TestResponse } from '../support/test-app';

/** A raw answer (Mol*'s remote state routes and the session's bytes are not the envelope). */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  bytes: Buffer;
}

export async function raw(
  t: TestApp,
  method: 'GET' | 'HEAD' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; headers?: Record<string, string>; payload?: string | Buffer } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.token = options.token;
  const res = await t.app.http.inject({
    method,
    url,
    headers,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  return { status: res.statusCode, headers: res.headers, text: res.body, bytes: res.rawPayload };
}

/** A raw answer read as the envelope, for expectFailure. */
export function asEnvelope(res: RawResponse): TestResponse {
  return { status: res.status, body: JSON.parse(res.text) as Envelope<unknown> };
}

/** POST /v1/projects/{id}/viewer/state_server as `token`; the path of the address (for inject). */
export async function stateServer(
  t: TestApp,
  token: string,
  projectId: number,
): Promise<ViewerStateServer & { path: string }> {
  const res = await t.request<ViewerStateServer>('POST', `/v1/projects/${projectId}/viewer/state_server`, { token });
  if (res.status !== 200) throw new Error(`state_server failed: ${JSON.stringify(res.body)}`);
  return { ...res.body.data, path: new URL(res.body.data.server_url).pathname };
}

/** A state snapshot shaped as Mol*'s PluginStateSnapshotManager.getStateSnapshot() makes it. */
export function snapshot(options: { playOnLoad?: boolean; pad?: number } = {}) {
  return {
    timestamp: 1_760_000_000_000,
    version: '5.0.0',
    name: 'My view',
    description: 'Pocket residues',
    current: 'snap1',
    playback: { isPlaying: options.playOnLoad ?? false, nextSnapshotDelayInMs: 1500 },
    entries: [
      {
        timestamp: 1_760_000_000_000,
        name: 'default',
        snapshot: { id: 'snap1', data: { tree: { transforms: [] } }, camera: { current: { radius: 12 } } },
        ...(options.pad ? { image: 'x'.repeat(options.pad) } : {}),
      },
    ],
  };
}

/** POST {server}/set as Mol*'s client sends it (query name and description, JSON body). */
export function upload(
  t: TestApp,
  path: string,
  query: Record<string, string>,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
): Promise<RawResponse> {
  const qs = new URLSearchParams(query).toString();
  return raw(t, 'POST', `${path}/set${qs ? `?${qs}` : ''}`, {
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Bytes that open like a zip (the session's check looks at the signature only). */
export function molx(size = 2048): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);
}

/** The viewer objects of a project in storage. */
export function viewerObjects(t: TestApp, projectId: number): Promise<string[]> {
  return t.app.storage.list(`projects/${projectId}/viewer`);
}

/** Rows and objects, to check that a refusal stored nothing. */
export async function footprint(t: TestApp, projectId: number) {
  return {
    states: await countRows(t, 'viewer_states'),
    sessions: await countRows(t, 'viewer_sessions'),
    objects: (await viewerObjects(t, projectId)).length,
  };
}

export function expectRawOk(res: RawResponse, status = 200): void {
  expect({ status: res.status, body: res.status === status ? '' : res.text }).toEqual({ status, body: '' });
}
