/** Local-storage key that turns the low-graphics mode on ('1'). */
export const LOW_GRAPHICS_KEY = 'medx.lowGraphics';

/**
 * Low graphics: no multisampling, no post-processing. For software rendering (tests under
 * SwiftShader) and weak machines; on when `medx.lowGraphics` is '1' or the URL has `lowGraphics=1`.
 */
export function isLowGraphics(
  search: string = typeof location === 'undefined' ? '' : location.search,
  storage: Pick<Storage, 'getItem'> | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): boolean {
  if (new URLSearchParams(search).get('lowGraphics') === '1') return true;
  try {
    return storage?.getItem(LOW_GRAPHICS_KEY) === '1';
  } catch {
    // Storage can throw (privacy modes): treat as not set.
    return false;
  }
}

/** Whether this browser can create any WebGL context (checked before Mol* is started). */
export function canCreateWebGl(
  createCanvas: () => Pick<HTMLCanvasElement, 'getContext'> = () => document.createElement('canvas'),
): boolean {
  try {
    const canvas = createCanvas();
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!context) return false;
    // Give the probe's context back at once; Mol* creates its own.
    (context as WebGLRenderingContext).getExtension?.('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
