import { sql } from "kysely";
import type { AppContext } from "../../../context";
import { limitOffset, numberedPage, where } from "../../../platform/listQuery";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler, type QueryOf } from "../../defineHandler";
import type { Handler } from "../../types";
import { must } from "../actor";
import "../baseInfoRest/tables";
import "../registers/tables";
import "../tables";
import "../serviceStation/tables";

/** The generic keyword searches GET /tsp-bss/search/<name> (platform-shell.md §7): one query and answer shape. */
type SearchOp =
  | "searchElectricInfo"
  | "searchEngineInfo"
  | "searchPowerInfo"
  | "searchTboxInfo"
  | "searchChassisName"
  | "searchDealer"
  | "searchEcuList"
  | "searchGearboxModel"
  | "searchPickup"
  | "searchSaleDealer"
  | "searchSecondaryDealer"
  | "searchServiceList"
  | "searchServiceStationList"
  | "searchFinanceOrgList"
  | "searchVehicleNameInfo";
type SearchQuery = QueryOf<SearchOp>;

/** Paging of the keyword searches: `pageIndex` is their name for pageNum (platform-shell.md §7). */
const pageOf = (query: SearchQuery) => ({ pageNum: query.pageIndex, pageSize: query.pageSize });
const toOption = (r: { code: string; name: string }) => ({ label: r.name, value: r.code });

/**
 * Options of one catalogue (bss_option.kind) whose name or code contains `keyWords`: the
 * shared rows and the caller's tenants' rows.
 */
function catalogue(kind: string, query: SearchQuery, principal: Principal, ctx: AppContext) {
  const q = where(ctx.db.selectFrom("bss_option"), {
    filters: (f) => [f.exact("kind", kind), f.keyword(["name", "code"], query.keyWords)],
  }).where((eb) => eb.or([eb("tenant_id", "is", null), inTenants("bss_option.tenant_id", principal)]));
  return numberedPage(q, pageOf(query), { order: ["sort", "code"] }, (s) => s.select(["code", "name"]), toOption);
}

/** Dealers of the tenant as options; `kind` narrows to selling or secondary dealers. */
function dealers(kind: "sale" | "secondary" | null, query: SearchQuery, principal: Principal, ctx: AppContext) {
  const q = where(ctx.db.selectFrom("bss_dealer"), {
    tenant: ["bss_dealer.tenant_id", principal],
    filters: (f) => [f.exact("kind", kind), f.keyword(["name", "code"], query.keyWords)],
  });
  return numberedPage(q, pageOf(query), { order: ["code"] }, (s) => s.select(["code", "name"]), toOption);
}

/**
 * Gearbox models of the tenant's register (变速箱信息) as options: "maker model" by code,
 * found by code, model or maker.
 */
function gearboxes(query: SearchQuery, principal: Principal, ctx: AppContext) {
  const q = where(ctx.db.selectFrom("bss_gearbox"), {
    tenant: ["bss_gearbox.tenant_id", principal],
    filters: (f) => [f.keyword(["code", "model_name", "manufacturer"], query.keyWords)],
  });
  return numberedPage(
    q,
    pageOf(query),
    { order: ["code", "tenant_id"] },
    (s) => s.select(["code", "model_name", "manufacturer"]),
    (r) => ({ label: `${r.manufacturer} ${r.model_name}`, value: r.code }),
  );
}

/**
 * Finance organisations of the tenant's register (金融机构管理) as options — only those in
 * cooperation: a disabled lender is not offered for a new loan.
 */
function financeOrgs(query: SearchQuery, principal: Principal, ctx: AppContext) {
  const q = where(ctx.db.selectFrom("bss_finance_org"), {
    tenant: ["bss_finance_org.tenant_id", principal],
    filters: (f) => [f.exact("status", "active"), f.keyword(["name", "code"], query.keyWords)],
  });
  return numberedPage(q, pageOf(query), { order: ["code", "tenant_id"] }, (s) => s.select(["code", "name"]), toOption);
}

/**
 * The tenant's service stations as options, from the station register (base info ›
 * 服务站信息): open and closed alike, so a record that names a closed station still shows it.
 */
function stations(query: SearchQuery, principal: Principal, ctx: AppContext) {
  const q = where(ctx.db.selectFrom("bss_service_station"), {
    tenant: ["bss_service_station.tenant_id", principal],
    filters: (f) => [f.keyword(["name", "code"], query.keyWords)],
  });
  return numberedPage(q, pageOf(query), { order: ["code"] }, (s) => s.select(["code", "name"]), toOption);
}

/**
 * The ECU models of the tenant's units (车机数据, bss_ecu) as options: "supplier model" by
 * model, one per model and supplier, found by model or supplier.
 */
async function ecuModels(query: SearchQuery, principal: Principal, ctx: AppContext) {
  const models = where(ctx.db.selectFrom("bss_ecu"), {
    tenant: ["bss_ecu.tenant_id", principal],
    filters: (f) => [f.keyword(["ecu_model", "supplier"], query.keyWords)],
  })
    .select(["ecu_model", "supplier"])
    .distinct();
  const { limit, offset } = limitOffset(pageOf(query));
  const [rows, count] = await Promise.all([
    models.orderBy("ecu_model").orderBy("supplier").limit(limit).offset(offset).execute(),
    ctx.db.selectFrom(models.as("m")).select(sql<number>`count(*)::int`.as("n")).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({ label: `${r.supplier} ${r.ecu_model}`, value: r.ecu_model })),
    total: Number(count?.n ?? 0),
  };
}

const fromCatalogue = (kind: string): Handler =>
  defineHandler<SearchOp>(({ query, principal }, ctx) => catalogue(kind, query, principal, ctx));

const fromDealers = (kind: "sale" | "secondary" | null): Handler =>
  defineHandler<SearchOp>(({ query, principal }, ctx) => dealers(kind, query, principal, ctx));

/** The keyword search handlers, by operationId. */
export const keywordSearchHandlers: Record<SearchOp, Handler> = {
  searchElectricInfo: fromCatalogue("ElectricInfo"),
  searchEngineInfo: fromCatalogue("EngineInfo"),
  searchPowerInfo: fromCatalogue("PowerInfo"),
  searchTboxInfo: fromCatalogue("TboxInfo"),
  searchChassisName: fromCatalogue("getChassisName"),
  searchDealer: fromDealers(null),
  searchEcuList: defineHandler<SearchOp>(({ query, principal }, ctx) => ecuModels(query, must(principal), ctx)),
  searchGearboxModel: defineHandler<SearchOp>(({ query, principal }, ctx) => gearboxes(query, must(principal), ctx)),
  searchPickup: fromCatalogue("getPickup"),
  searchSaleDealer: fromDealers("sale"),
  searchSecondaryDealer: fromDealers("secondary"),
  searchServiceList: fromCatalogue("getServiceList"),
  searchServiceStationList: defineHandler<SearchOp>(({ query, principal }, ctx) => stations(query, principal, ctx)),
  searchFinanceOrgList: defineHandler<SearchOp>(({ query, principal }, ctx) =>
    financeOrgs(query, must(principal), ctx),
  ),
  searchVehicleNameInfo: fromCatalogue("vehicleNameInfo"),
};
