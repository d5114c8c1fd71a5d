// Preview overlay (platform-shell.md §4).
export { nextZoom, ZOOM_MAX, ZOOM_MIN, ZOOM_RESET, ZOOM_STEP, type ZoomAction } from "./zoom";
