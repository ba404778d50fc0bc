/** Spec §9: the tutorial panel starts at 38% of the window height, between 140 px and 90%. */
export const TUTORIAL_START = 0.38;
export const TUTORIAL_MIN_PX = 140;
export const TUTORIAL_MAX = 0.9;

export function clampPanelHeight(height: number, windowHeight: number): number {
  const max = Math.max(TUTORIAL_MIN_PX, Math.floor(windowHeight * TUTORIAL_MAX));
  return Math.round(Math.min(max, Math.max(TUTORIAL_MIN_PX, height)));
}

export const initialPanelHeight = (windowHeight: number) =>
  clampPanelHeight(windowHeight * TUTORIAL_START, windowHeight);
