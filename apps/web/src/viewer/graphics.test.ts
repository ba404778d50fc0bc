import { describe, expect, it } from 'vitest';
import { canCreateWebGl, isLowGraphics, LOW_GRAPHICS_KEY } from './graphics';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LOW_GRAPHICS_KEY ? value : null) });

describe('isLowGraphics', () => {
  it('is on with ?lowGraphics=1 or medx.lowGraphics = 1', () => {
    expect(isLowGraphics('?lowGraphics=1&file=3', storage(null))).toBe(true);
    expect(isLowGraphics('', storage('1'))).toBe(true);
  });

  it('is off otherwise, also when storage throws', () => {
    expect(isLowGraphics('?lowGraphics=0', storage('0'))).toBe(false);
    expect(isLowGraphics('', undefined)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(isLowGraphics('', throwing)).toBe(false);
  });

  it('reads the real location and localStorage by default', () => {
    localStorage.setItem(LOW_GRAPHICS_KEY, '1');
    expect(isLowGraphics()).toBe(true);
    localStorage.removeItem(LOW_GRAPHICS_KEY);
    expect(isLowGraphics()).toBe(false);
  });
});

describe('canCreateWebGl', () => {
  it('is false without any context (happy-dom has no WebGL)', () => {
    expect(canCreateWebGl()).toBe(false);
    expect(canCreateWebGl(() => ({ getContext: () => null }) as never)).toBe(false);
  });

  it('falls back to WebGL 1 and frees the probe context', () => {
    let lost = false;
    const gl = { getExtension: () => ({ loseContext: () => (lost = true) }) };
    const canvas = { getContext: (kind: string) => (kind === 'webgl' ? gl : null) };
    expect(canCreateWebGl(() => canvas as never)).toBe(true);
    expect(lost).toBe(true);
  });

  it('is false when the probe throws', () => {
    expect(
      canCreateWebGl(() => {
        throw new Error('no canvas');
      }),
    ).toBe(false);
  });
});
