/**
 * WGS-84 ⇄ GCJ-02 conversion. Vehicles report WGS-84 (GNSS, JT/T 808 0x0200); map tiles
 * licensed in mainland China (AMap, Tencent) are drawn in GCJ-02, offset by up to ~500 m.
 * The widgets keep WGS-84 in and out and convert only for drawing on a GCJ-02 tile source.
 * The published approximation (Krasovsky ellipsoid); the inverse is iterated to < 1e-7°.
 */
export type LngLat = [lng: number, lat: number];

/** Coordinate system of a tile source. */
export type CoordSys = "wgs84" | "gcj02";

const A = 6378245.0;
const EE = 0.006693421622965943;

/** Outside mainland China's rough box no offset is applied (Hong Kong, Macau and abroad are treated as outside too only by the box). */
export function outOfChina([lng, lat]: LngLat): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function transformLng(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

/** WGS-84 → GCJ-02. */
export function wgs84ToGcj02(p: LngLat): LngLat {
  if (outOfChina(p)) return [p[0], p[1]];
  const [lng, lat] = p;
  let dLat = transformLat(lng - 105, lat - 35);
  let dLng = transformLng(lng - 105, lat - 35);
  const radLat = (lat / 180) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lng + dLng, lat + dLat];
}

/** GCJ-02 → WGS-84 by fixed-point iteration on the forward transform. */
export function gcj02ToWgs84(p: LngLat): LngLat {
  if (outOfChina(p)) return [p[0], p[1]];
  let guess: LngLat = [p[0], p[1]];
  for (let i = 0; i < 30; i++) {
    const f = wgs84ToGcj02(guess);
    const dx = p[0] - f[0];
    const dy = p[1] - f[1];
    guess = [guess[0] + dx, guess[1] + dy];
    if (Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9) break;
  }
  return guess;
}

/** WGS-84 → what the tile source draws in. */
export function toDisplay(p: LngLat, sys: CoordSys): LngLat {
  return sys === "gcj02" ? wgs84ToGcj02(p) : p;
}

/** What the tile source draws in → WGS-84. */
export function fromDisplay(p: LngLat, sys: CoordSys): LngLat {
  return sys === "gcj02" ? gcj02ToWgs84(p) : p;
}
