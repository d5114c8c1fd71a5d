/** Spec §9: the big screen is designed 3840 px wide (a 4K wall). */
export const BIG_SCREEN_DESIGN_WIDTH = 3840;
/** 16:9 design height to the design width. */
export const BIG_SCREEN_DESIGN_HEIGHT = 2160;

/**
 * The CSS scale that fits the 3840 × 2160 design into a viewport without distortion or
 * scrolling: the smaller of the width and height ratios.
 */
export function bigScreenScale(viewportWidth: number, viewportHeight: number): number {
  if (viewportWidth <= 0 || viewportHeight <= 0) return 1;
  return Math.min(viewportWidth / BIG_SCREEN_DESIGN_WIDTH, viewportHeight / BIG_SCREEN_DESIGN_HEIGHT);
}
