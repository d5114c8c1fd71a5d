/** Image zoom bounds and step of the preview overlay (platform-shell.md §4 "from 0.1 to 2 in steps of 0.1"). */
export const ZOOM_MIN = 0.1;
/** Largest zoom. */
export const ZOOM_MAX = 2;
/** Zoom step. */
export const ZOOM_STEP = 0.1;
/** Zoom when an item opens or the overlay moves to another item. */
export const ZOOM_RESET = 1;

/** A zoom action: in, out, or moving to another item (which resets to 1). */
export type ZoomAction = "in" | "out" | "move";

/**
 * The preview overlay's zoom (§4): in and out by 0.1 within 0.1–2; moving to another item
 * resets to 1. Values are kept on the 0.1 grid (integers of tenths), so ten steps in from 1
 * land exactly on 2 instead of 1.9999999.
 */
export function nextZoom(zoom: number, action: ZoomAction): number {
  if (action === "move") return ZOOM_RESET;
  const tenths = Math.round(zoom * 10) + (action === "in" ? 1 : -1);
  return Math.min(ZOOM_MAX * 10, Math.max(ZOOM_MIN * 10, tenths)) / 10;
}
