import type { CoordSys, LngLat } from "./coords";

/**
 * XYZ tiles a deployment configures (console config.json "map tiles"), e.g.
 * `https://tiles.example.com/{z}/{x}/{y}.png`. `coordSys` says what the tiles are drawn in:
 * GCJ-02 for tiles licensed in mainland China, WGS-84 for OpenStreetMap-style tiles.
 * Without tiles the maps show the shipped province boundaries only (works offline).
 */
export interface TileConfig {
  url: string;
  coordSys?: CoordSys;
  attribution?: string;
  maxZoom?: number;
}

/** Spec §9: geofence and monitoring maps open at zoom 4 "centred near the middle of China". */
export const CHINA_CENTER: LngLat = [104.2, 35.9];
