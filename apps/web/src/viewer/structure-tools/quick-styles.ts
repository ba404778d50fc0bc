/**
 * The Quick Styles of Structure Tools (viewer spec §2, §9): Default, Stylized and Illustrative,
 * as Mol*'s canvas post-processing (outline, occlusion, shadow) and the components' ignore-light
 * option. Pure: the caller passes Mol*'s own defaults and the start-up look.
 */

export const QUICK_STYLES = ['default', 'stylized', 'illustrative'] as const;
export type QuickStyle = (typeof QUICK_STYLES)[number];

/** Outline thresholds (spec §9): .25 illustrative, .33 stylized. */
export const OUTLINE_THRESHOLD: Record<Exclude<QuickStyle, 'default'>, number> = { stylized: 0.33, illustrative: 0.25 };

/** Ambient occlusion of both styles (spec §9): radius 5, bias .8, 32 samples, blur kernel 15. */
export const OCCLUSION = { radius: 5, bias: 0.8, samples: 32, blurKernelSize: 15 } as const;

/** A Mol* mapped parameter (`{ name: 'on' | 'off', params }`). */
export interface Switch {
  name: string;
  params: Record<string, unknown>;
}

/** What a quick style sets. */
export interface StyleLook {
  ignoreLight: boolean;
  outline: Switch;
  occlusion: Switch;
  shadow: Switch;
}

/**
 * The look of a style. `initial` is how the viewer started (Default returns to it), `ssaoDefaults`
 * Mol*'s occlusion parameters (the spec's values replace radius, bias, samples and kernel).
 * Stylized keeps the lighting; Illustrative ignores it (flat colours), as Mol*'s illustrative style.
 */
export function quickStyleLook(
  style: QuickStyle,
  initial: StyleLook,
  ssaoDefaults: Record<string, unknown>,
): StyleLook {
  if (style === 'default') return initial;
  return {
    ignoreLight: style === 'illustrative',
    outline: {
      name: 'on',
      params: { scale: 1, threshold: OUTLINE_THRESHOLD[style], color: 0x000000, includeTransparent: true },
    },
    occlusion: {
      name: 'on',
      params: { ...ssaoDefaults, multiScale: { name: 'off', params: {} }, ...OCCLUSION },
    },
    shadow: { name: 'off', params: {} },
  };
}
