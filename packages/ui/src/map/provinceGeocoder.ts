import type { LngLat } from "./coords";
import type { GeocodingProvider } from "./geocoder";
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
