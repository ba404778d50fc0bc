import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPathOf, downloadFileData, toLoadRequest } from './viewer-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toLoadRequest', () => {
  it('maps the show_3d answer', () => {
    expect(
      toLoadRequest({
        id: 7,
        name: 'receptor.pdb',
        ext: 'pdb',
        format: 'pdb',
        url: '/v1/files/7/download',
        is_binary: false,
      }),
    ).toEqual({ fileId: 7, url: '/v1/files/7/download', format: 'pdb', isBinary: false, label: 'receptor.pdb' });
  });
});

describe('apiPathOf', () => {
  it('keeps the token for our own API only', () => {
    expect(apiPathOf('/v1/files/7/download', 'http://app')).toBe('/files/7/download');
    expect(apiPathOf('http://app/v1/files/7/download?x=1', 'http://app')).toBe('/files/7/download?x=1');
    expect(apiPathOf('https://elsewhere/v1/files/7/download', 'http://app')).toBeNull();
    expect(apiPathOf('/static/a.pdb', 'http://app')).toBeNull();
  });
});

describe('downloadFileData', () => {
  it('fetches our API with the session headers, as text or bytes', async () => {
    const fetchMock = vi.fn(async () => new Response('ATOM', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const text = await downloadFileData({
      fileId: 7,
      url: '/v1/files/7/download',
      format: 'pdb',
      isBinary: false,
      label: 'r',
    });
    expect(text).toBe('ATOM');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/files/7/download');
    expect(init.headers).toHaveProperty('Accept-Language');
    const bytes = await downloadFileData({
      fileId: 7,
      url: '/v1/files/7/download',
      format: 'bcif',
      isBinary: true,
      label: 'r',
    });
    expect(bytes).toBeInstanceOf(Uint8Array);
  });

  it('throws with the server message when the download fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: false, msg: 'File not found', data: null }, { status: 404 })),
    );
    await expect(
      downloadFileData({ fileId: 7, url: '/v1/files/7/download', format: 'pdb', isBinary: false, label: 'r' }),
    ).rejects.toThrow('File not found');
  });
});
