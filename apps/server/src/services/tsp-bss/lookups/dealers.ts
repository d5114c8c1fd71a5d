import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { must } from "../actor";
import { containsPattern, limitOffset, textParam } from "../paging";
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

/** findDealerList: the tenant's dealers by name and region, paged. */
export const findDealerList: Handler = async ({ query, principal }, ctx) => {
  let q = ctx.db.selectFrom("bss_dealer").where(inTenants("bss_dealer.tenant_id", must(principal)));
  const name = textParam(query.dealerName);
  if (name) q = q.where("name", "ilike", containsPattern(name));
  const areaId = textParam(query.areaId);
  if (areaId) q = q.where("area_id", "like", regionPattern(areaId));
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    q.select(["code", "name"]).orderBy("code").limit(limit).offset(offset).execute(),
  ]);
  return { list: rows.map((r) => ({ dealerCode: r.code, dealerName: r.name })), total: Number(count.n) };
};

/** findDealerByRegion: the tenant's dealers in the region `areaId` or below it. */
export const findDealerByRegion: Handler = async ({ query, principal }, ctx) => {
  const rows = await ctx.db
    .selectFrom("bss_dealer")
    .select(["code", "name"])
    .where(inTenants("bss_dealer.tenant_id", must(principal)))
    .where("area_id", "like", regionPattern(String(query.areaId)))
    .orderBy("code")
    .execute();
  return rows.map((r) => ({ dealerCode: r.code, dealerName: r.name }));
};
