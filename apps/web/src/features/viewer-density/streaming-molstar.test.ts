import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { Asset, AssetManager } from 'molstar/lib/mol-util/assets';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFailed, guardStreaming, isSameOrigin, refusedHost, streamingServerUrl } from './streaming-molstar';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function fakePlugin() {
  const original = vi.fn(() => {
    throw new Error('Mol*’s own ajaxGet must not be reached here');
  });
  const plugin = { managers: { asset: new AssetManager() }, fetch: original } as unknown as PluginContext;
  return { plugin, original };
}

describe('volume streaming stays on this server', () => {
  it("the project's server is this origin's volume-server path", () => {
    expect(streamingServerUrl(7, 'http://app.test')).toBe('http://app.test/v1/projects/7/volume-server');
  });

  it('tells same-origin addresses from others', () => {
    const origin = 'http://app.test';
    expect(isSameOrigin('http://app.test/v1/projects/1/volume-server/em/2', origin)).toBe(true);
    expect(isSameOrigin('/v1/volume-server/x-ray/1abc', origin)).toBe(true);
    expect(isSameOrigin('https://www.ebi.ac.uk/pdbe/api/pdb/entry/summary/1abc', origin)).toBe(false);
    expect(isSameOrigin('https://ds.litemol.org/em/emd-1', origin)).toBe(false);
    expect(isSameOrigin('//evil.test/x', origin)).toBe(false);
    expect(isSameOrigin('http://app.test:8081/x', origin)).toBe(false);
  });

  it("refuses Mol*'s EMDB look-ups on another host without any request", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { plugin, original } = fakePlugin();
    guardStreaming(plugin);
    const url = 'https://www.ebi.ac.uk/pdbe/api/pdb/entry/summary/1ia1';
    await expect(plugin.fetch({ url, type: 'json' }).run()).rejects.toThrow(refusedHost(url));
    await expect(
      plugin.managers.asset.resolve(Asset.Url('https://ds.litemol.org/em/x/cell'), 'binary').run(),
    ).rejects.toThrow(refusedHost('https://ds.litemol.org/em/x/cell'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(original).not.toHaveBeenCalled();
  });

  it("asks our API with the session's token and reports its HTTP status the way Mol*'s section reads it", async () => {
    localStorage.setItem('token', 'secret-token');
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/em/2')
        ? new Response(JSON.stringify({ channels: ['em'] }), { status: 200 })
        : new Response(JSON.stringify({ success: false, msg: 'x', data: null }), { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { plugin } = fakePlugin();
    guardStreaming(plugin);
    guardStreaming(plugin); // idempotent: one wrapper
    const server = streamingServerUrl(3);
    expect(await plugin.fetch({ url: `${server}/em/2`, type: 'json' }).run()).toEqual({ channels: ['em'] });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).token).toBe('secret-token');
    await expect(plugin.fetch({ url: `${server}/x-ray/1ia1`, type: 'json' }).run()).rejects.toThrow(
      downloadFailed(404),
    );
    expect(downloadFailed(404)).toContain('404');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
