/**
 * Runtime configuration read from `config.json` beside the app (DESIGN.md "apps/console"),
 * so one build points at the reference server or at any real deployment.
 */
export interface RuntimeConfig {
  /** Base of every API path; "" means the app's own origin. */
  apiBaseUrl: string;
  /** The external authorisation page (spec §8 401 handling). */
  authorizeUrl: string;
  /** The fixed client id sent to the authorisation page and the token call. */
  clientId: string;
  /** XYZ tile URL template for maps, or null for the offline basemap. */
  mapTiles: string | null;
}

/** Checks the shape of a parsed config.json; throws a message naming the bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== "object" || raw === null) throw new Error("config.json is not an object");
  const r = raw as Record<string, unknown>;
  const str = (name: string): string => {
    const v = r[name];
    if (typeof v !== "string") throw new Error(`config.json: "${name}" must be a string`);
    return v;
  };
  const clientId = str("clientId");
  if (!clientId) throw new Error('config.json: "clientId" must not be empty');
  const mapTiles = r.mapTiles;
  if (mapTiles !== null && mapTiles !== undefined && typeof mapTiles !== "string") {
    throw new Error('config.json: "mapTiles" must be a string or null');
  }
  return {
    apiBaseUrl: str("apiBaseUrl").replace(/\/+$/, ""),
    authorizeUrl: str("authorizeUrl"),
    clientId,
    mapTiles: mapTiles ?? null,
  };
}

/** Fetches and checks `config.json` relative to the page (so a sub-path deployment works). */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch = fetch,
  base: string = location.href,
): Promise<RuntimeConfig> {
  const response = await fetchFn(new URL("config.json", base), { cache: "no-store" });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
