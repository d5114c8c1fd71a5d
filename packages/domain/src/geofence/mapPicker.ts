/** The map picker's warning when confirming without a point (platform-shell.md §5, §8). */
export const MSG_CHOOSE_ADDRESS = "请选择地址";
/** Map picker default zoom, and the zoom after choosing a point (§9). */
export const MAP_PICKER_ZOOM = 11;
/** Zoom after a point is chosen. */
export const MAP_PICKER_CHOSEN_ZOOM = 14;
/** Map picker dialog width in px (§2). */
export const MAP_PICKER_WIDTH = 700;

/** What the map picker confirms (§3 "Map location: address, lng, lat"). */
export interface MapLocation {
  readonly address: string;
  readonly lng: number | null;
  readonly lat: number | null;
}

/**
 * The map picker's confirm rule (§5 "Map picker confirm with neither lat nor lng gives the
 * warning 请选择地址"). A location missing either coordinate cannot be used either, so it gets
 * the same warning.
 */
export function mapPickerProblem(picked: MapLocation): string | null {
  return picked.lng === null || picked.lat === null ? MSG_CHOOSE_ADDRESS : null;
}
