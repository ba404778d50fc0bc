import { describe, expect, it } from 'vitest';
import { OCCLUSION, QUICK_STYLES, quickStyleLook, type StyleLook } from './quick-styles';

const initial: StyleLook = {
  ignoreLight: false,
  outline: { name: 'off', params: {} },
  occlusion: { name: 'off', params: {} },
  shadow: { name: 'off', params: {} },
};
const ssao = { samples: 24, radius: 2, bias: 0.5, blurKernelSize: 9, resolutionScale: 1, transparentThreshold: 0.4 };

describe('Quick Styles (viewer spec §2, §9)', () => {
  it('offers Default, Stylized and Illustrative', () => {
    expect(QUICK_STYLES).toEqual(['default', 'stylized', 'illustrative']);
  });

  it('Default returns to the start-up look', () => {
    expect(quickStyleLook('default', initial, ssao)).toBe(initial);
  });

  it('Stylized: outline threshold .33, lighting kept', () => {
    const look = quickStyleLook('stylized', initial, ssao);
    expect(look.ignoreLight).toBe(false);
    expect(look.outline).toMatchObject({ name: 'on', params: { threshold: 0.33 } });
  });

  it('Illustrative: outline threshold .25, light ignored', () => {
    const look = quickStyleLook('illustrative', initial, ssao);
    expect(look.ignoreLight).toBe(true);
    expect(look.outline).toMatchObject({ name: 'on', params: { threshold: 0.25 } });
  });

  it('both: occlusion radius 5, bias .8, 32 samples, kernel 15 over Mol*’s other values; no shadow', () => {
    expect(OCCLUSION).toEqual({ radius: 5, bias: 0.8, samples: 32, blurKernelSize: 15 });
    for (const style of ['stylized', 'illustrative'] as const) {
      const look = quickStyleLook(style, initial, ssao);
      expect(look.occlusion.name).toBe('on');
      expect(look.occlusion.params).toMatchObject({ radius: 5, bias: 0.8, samples: 32, blurKernelSize: 15 });
      expect(look.occlusion.params.resolutionScale).toBe(1);
      expect(look.shadow.name).toBe('off');
    }
  });
});
