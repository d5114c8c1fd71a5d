import { sql } from "kysely";
import type { AppContext } from "../../../context";
import { inTenants, type Principal } from "../../../platform/principal";
import type { Handler, HandlerInput } from "../../types";
import { must } from "../actor";
import { containsPattern, limitOffset, textParam } from "../paging";
import "../tables";

type Page = { list: { label: string; value: string }[]; total: number };

/** Paging of the keyword searches: `pageIndex` is their name for pageNum (platform-shell.md §7). */
const pageOf = (query: HandlerInput["query"]) => limitOffset(query.pageIndex, query.pageSize);

/**
 * Options of one catalogue (bss_option.kind) whose name or code contains `keyWords`: the
 * shared rows and the caller's tenants' rows.
 */
async function catalogue(
  kind: string,
  query: HandlerInput["query"],
  principal: Principal,
  ctx: AppContext,
): Promise<Page> {
  let q = ctx.db
    .selectFrom("bss_option")
    .where("kind", "=", kind)
    .where((eb) => eb.or([eb("tenant_id", "is", null), inTenants("bss_option.tenant_id", principal)]));
  const kw = textParam(query.keyWords);
  if (kw) {
    const p = containsPattern(kw);
    q = q.where((eb) => eb.or([eb("name", "ilike", p), eb("code", "ilike", p)]));
  }
  const { limit, offset } = pageOf(query);
  const count = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q.select(["code", "name"]).orderBy("sort").orderBy("code").limit(limit).offset(offset).execute();
  return { list: rows.map((r) => ({ label: r.name, value: r.code })), total: Number(count.n) };
}

/** Dealers of the tenant as options; `kind` narrows to selling or secondary dealers. */
async function dealers(
  kind: "sale" | "secondary" | null,
  query: HandlerInput["query"],
  principal: Principal,
  ctx: AppContext,
): Promise<Page> {
  let q = ctx.db.selectFrom("bss_dealer").where(inTenants("bss_dealer.tenant_id", principal));
  if (kind) q = q.where("kind", "=", kind);
  const kw = textParam(query.keyWords);
  if (kw) {
    const p = containsPattern(kw);
    q = q.where((eb) => eb.or([eb("name", "ilike", p), eb("code", "ilike", p)]));
  }
  const { limit, offset } = pageOf(query);
  const count = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q.select(["code", "name"]).orderBy(sql`code`).limit(limit).offset(offset).execute();
  return { list: rows.map((r) => ({ label: r.name, value: r.code })), total: Number(count.n) };
}

const fromCatalogue =
  (kind: string): Handler =>
  ({ query, principal }, ctx) =>
    catalogue(kind, query, must(principal), ctx);

const fromDealers =
  (kind: "sale" | "secondary" | null): Handler =>
  ({ query, principal }, ctx) =>
    dealers(kind, query, must(principal), ctx);

/** The generic keyword searches GET /tsp-bss/search/<name> (platform-shell.md §7), by operationId. */
export const keywordSearchHandlers: Record<string, Handler> = {
  searchElectricInfo: fromCatalogue("ElectricInfo"),
  searchEngineInfo: fromCatalogue("EngineInfo"),
  searchPowerInfo: fromCatalogue("PowerInfo"),
  searchTboxInfo: fromCatalogue("TboxInfo"),
  searchChassisName: fromCatalogue("getChassisName"),
  searchDealer: fromDealers(null),
  searchEcuList: fromCatalogue("getECUList"),
  searchGearboxModel: fromCatalogue("getGearboxModel"),
  searchPickup: fromCatalogue("getPickup"),
  searchSaleDealer: fromDealers("sale"),
  searchSecondaryDealer: fromDealers("secondary"),
  searchServiceList: fromCatalogue("getServiceList"),
  searchServiceStationList: fromCatalogue("getServiceStationList"),
  searchFinanceOrgList: fromCatalogue("getfinanceOrgList"),
  searchVehicleNameInfo: fromCatalogue("vehicleNameInfo"),
};
