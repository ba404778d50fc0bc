import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { Asset, AssetManager } from 'molstar/lib/mol-util/assets';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authorizeApiDownloads,
  isLazyVolumeParseFailure,
  onLazyVolumeParseFailure,
  VOLUME_FILE_TYPES,
  volumeFormatOf,
} from './lazy-volume';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('lazy volumes of project files', () => {
  it('knows binary and text volume formats by extension', () => {
    expect(volumeFormatOf('CCP4')).toEqual({ format: 'ccp4', isBinary: true });
    expect(volumeFormatOf('mrc')).toEqual({ format: 'ccp4', isBinary: true });
    expect(volumeFormatOf('cub')).toEqual({ format: 'cube', isBinary: false });
    expect(volumeFormatOf('dx')).toEqual({ format: 'dx', isBinary: false });
    expect(volumeFormatOf('pdb')).toBeNull();
    expect(VOLUME_FILE_TYPES.split(',')).toEqual(expect.arrayContaining(['CCP4', 'MAP', 'MRC', 'CUB', 'DX']));
  });

  it("downloads our API's addresses with the session token, keeping the token out of the asset", async () => {
    localStorage.setItem('token', 'secret-token');
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const manager = new AssetManager();
    const plugin = { managers: { asset: manager } } as unknown as PluginContext;
    authorizeApiDownloads(plugin);
    authorizeApiDownloads(plugin); // idempotent: one wrapper
    const asset = Asset.Url('/v1/files/3/download');
    const wrapper = await manager.resolve(asset, 'binary').run();
    expect([...wrapper.data]).toEqual([1, 2, 3]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/v1/files/3/download');
    expect((init.headers as Record<string, string>).token).toBe('secret-token');
    expect(asset.headers).toBeUndefined();
    // Cached under the asset's id: a second resolve does not download again.
    await manager.resolve(asset, 'binary').run();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("Mol*'s lazy-volume failure", () => {
  it('is recognised by its text only, so other errors keep their own handling', () => {
    expect(isLazyVolumeParseFailure(new Error('Failed to parse any volume.'))).toBe(true);
    expect(isLazyVolumeParseFailure(new Error('Failed to parse any volume'))).toBe(false);
    expect(isLazyVolumeParseFailure('Failed to parse any volume.')).toBe(false);
    expect(isLazyVolumeParseFailure(undefined)).toBe(false);
  });
});

describe('listening for the failure', () => {
  it('hears it on the console, passes every message on, and lets go with the last listener', () => {
    const original = console.error;
    const seen: unknown[][] = [];
    console.error = (...args: unknown[]) => void seen.push(args);
    try {
      const heard: string[] = [];
      const stopA = onLazyVolumeParseFailure(() => heard.push('a'));
      const stopB = onLazyVolumeParseFailure(() => heard.push('b'));
      console.error(new Error('Failed to parse any volume.'));
      console.error('something else');
      expect(heard).toEqual(['a', 'b']);
      expect(seen).toHaveLength(2);
      stopA();
      console.error(new Error('Failed to parse any volume.'));
      expect(heard).toEqual(['a', 'b', 'b']);
      stopB();
      console.error(new Error('Failed to parse any volume.'));
      expect(heard).toEqual(['a', 'b', 'b']);
      expect(seen).toHaveLength(4);
    } finally {
      console.error = original;
    }
  });
});
