import type { RegionNode } from "@tsp/domain";
import type { LngLat } from "./coords";
import type { GeocodingProvider, Place } from "./geocoder";
import { provinceAt, provinces } from "./provinces";

/** Province names carry no suffix in the data; a person types 江苏 or 江苏省 alike. */
const strip = (s: string) => s.replace(/(省|市|自治区|特别行政区|壮族|回族|维吾尔)/g, "").trim();

/**
 * The built-in offline provider: province names and label points from the shipped boundaries;
 * reverse geocoding by point-in-polygon. Coarse (province level) but always available.
 */
export const provinceGeocoder: GeocodingProvider = {
  async autocomplete(keyword) {
    const k = strip(keyword);
    if (!k) return [];
    return provinces
      .filter((p) => p.name.includes(k) || k.includes(p.name))
      .map((p) => ({ name: p.name, address: p.name, lng: p.center[0], lat: p.center[1] }));
  },
  async geocode(address) {
    return (await this.autocomplete(address))[0] ?? null;
  },
  async reverse(lng, lat) {
    return provinceAt([lng, lat] as LngLat)?.name ?? null;
  },
};

/**
 * Places for the server's regions (GB/T 2260 codes: the first two digits are the province,
 * the shipped data's `id`). A region is placed at its province's label point — coarse, but the
 * names are the server's own. The address is the region's path (广东省 深圳市 南山区).
 */
export function regionPlaces(regions: readonly RegionNode[], keyword: string, limit = 10): Place[] {
  const k = keyword.trim();
  if (!k) return [];
  const byId = new Map(regions.map((r) => [String(r.areaId), r]));
  const pathOf = (r: RegionNode): string[] => {
    const parent = r.parentId === null ? undefined : byId.get(String(r.parentId));
    return parent && parent !== r ? [...pathOf(parent), r.areaName] : [r.areaName];
  };
  const out: Place[] = [];
  for (const r of regions) {
    if (!r.areaName.includes(k)) continue;
    const province = provinces.find((p) => p.id === String(r.areaId).slice(0, 2));
    if (!province) continue;
    out.push({ name: r.areaName, address: pathOf(r).join(" "), lng: province.center[0], lat: province.center[1] });
    if (out.length >= limit) break;
  }
  return out;
}
