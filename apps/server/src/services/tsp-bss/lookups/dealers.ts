import { type SqlBool, sql } from "kysely";
import { numberedPage, where } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import "../tables";

/**
 * The LIKE prefix of a region and everything below it (GB/T 2260: a province ends in 0000,
 * a city in 00): 440000 → 44%, 440300 → 4403%, 440305 → 440305.
 */
export function regionPattern(areaId: string): string {
  if (areaId.endsWith("0000")) return `${areaId.slice(0, 2)}%`;
  if (areaId.endsWith("00")) return `${areaId.slice(0, 4)}%`;
  return areaId;
}

/** `area_id` in the region or below it; no condition without a region. */
const inRegion = (areaId: string | undefined) =>
  areaId ? sql<SqlBool>`area_id like ${regionPattern(areaId)}` : undefined;

const toDealer = (r: { code: string; name: string }) => ({ dealerCode: r.code, dealerName: r.name });

/** findDealerList: the tenant's dealers by name and region, paged. */
export const findDealerList = defineHandler<"findDealerList">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("bss_dealer"), {
    tenant: ["bss_dealer.tenant_id", principal],
    filters: (f) => [f.contains("name", query.dealerName), inRegion(query.areaId)],
  });
  return numberedPage(q, query, { order: ["code"] }, (s) => s.select(["code", "name"]), toDealer);
});

/** findDealerByRegion: the tenant's dealers in the region `areaId` or below it, paged. */
export const findDealerByRegion = defineHandler<"findDealerByRegion">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("bss_dealer"), {
    tenant: ["bss_dealer.tenant_id", principal],
    filters: () => [inRegion(query.areaId)],
  });
  return numberedPage(q, query, { order: ["code"] }, (s) => s.select(["code", "name"]), toDealer);
});
