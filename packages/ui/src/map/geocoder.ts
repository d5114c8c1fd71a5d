import type { RegionNode } from "@tsp/domain";
/** A place a person can pick (WGS-84). */
export interface Place {
  name: string;
  address: string;
  lng: number;
  lat: number;
}

/**
 * Geocoding as the map widgets need it (spec §7: "a maps service provides autocomplete,
 * geocoding"). Injected, so a deployment can plug in its maps service; every method may reject.
 */
export interface GeocodingProvider {
  /** Suggestions while typing. */
  autocomplete(keyword: string): Promise<Place[]>;
  /** The best place for a typed address, or null. */
  geocode(address: string): Promise<Place | null>;
  /** Address of a point, or null when unknown. */
  reverse(lng: number, lat: number): Promise<string | null>;
}

/** The reference server's place calls, injected by the console (ui makes no calls). */
export interface PlaceLoaders {
  /** Places (regions, service stations, dealers…) matching a keyword. */
  searchPlaces(keyword: string): Promise<Place[]>;
  /** Address of a point, or null. */
  reverse?(lng: number, lat: number): Promise<string | null>;
}

/**
 * The default provider over the server's regions and places, falling back to the offline
 * province data when the server knows nothing (or fails), so picking works on any deployment.
 */
export function placesGeocoder(loaders: PlaceLoaders, fallback?: GeocodingProvider): GeocodingProvider {
  // The offline data is ~340 kB: fetched only when the server has no answer.
  const offline = async () => fallback ?? (await loadProvinceGeocoder());
  return {
    async autocomplete(keyword) {
      const remote = await loaders.searchPlaces(keyword).catch(() => []);
      return remote.length ? remote : (await offline()).autocomplete(keyword);
    },
    async geocode(address) {
      return (await this.autocomplete(address))[0] ?? null;
    },
    async reverse(lng, lat) {
      const remote = loaders.reverse ? await loaders.reverse(lng, lat).catch(() => null) : null;
      return remote ?? (await offline()).reverse(lng, lat);
    },
  };
}

/** The offline province geocoder, loaded as its own chunk. */
export async function loadProvinceGeocoder(): Promise<GeocodingProvider> {
  return (await import("./provinceGeocoder")).provinceGeocoder;
}

/**
 * The default provider for the reference server: its region list (loaded once) as places, plus
 * any other place search (e.g. service stations), falling back to the offline province data.
 */
export function regionPlacesGeocoder(
  loadRegions: () => Promise<readonly RegionNode[]>,
  morePlaces?: (keyword: string) => Promise<Place[]>,
): GeocodingProvider {
  let regions: Promise<readonly RegionNode[]> | null = null;
  return placesGeocoder({
    async searchPlaces(keyword) {
      regions ??= loadRegions().catch(() => {
        regions = null;
        return [];
      });
      const [more, mod, list] = await Promise.all([
        morePlaces ? morePlaces(keyword).catch(() => []) : Promise.resolve([]),
        import("./provinceGeocoder"),
        regions,
      ]);
      return [...more, ...mod.regionPlaces(list, keyword)];
    },
  });
}
