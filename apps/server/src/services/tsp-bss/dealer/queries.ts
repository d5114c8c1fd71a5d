import { MSG_DEALER_NOT_FOUND } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { DataOf, QueryOf } from "../../defineHandler";
import { areaNameOf, inRegion, jsonArray } from "./outlet";
import "../tables";
import "./tables";

/** A dealer as the contract answers it. */
export type DealerRecord = DataOf<"getDealer">;
/** The list's filters (the export takes exactly these). */
export type DealerFilter = QueryOf<"exportDealers">;

/** Dealers with their parent's name, as the list, the detail and the export read them. */
export function dealerBase(db: Kysely<Database>) {
  return db.selectFrom("bss_dealer as d").leftJoin("bss_dealer as p", "p.code", "d.parent_code");
}
type Base = ReturnType<typeof dealerBase>;

/** The tenant's dealers matching the filters (AND; code and name as substrings; a region and everything below it). */
export function filteredDealers(db: Kysely<Database>, tenantIds: readonly number[], f: DealerFilter): Base {
  return where(dealerBase(db), {
    tenant: ["d.tenant_id", { tenantIds }],
    filters: (x) => [
      x.contains("d.code", f.dealerCode),
      x.contains("d.name", f.dealerName),
      x.exact("d.kind", f.kind),
      x.exact("d.parent_code", f.parentCode || undefined),
      x.exact("d.status", f.status),
      inRegion("d.area_id", f.areaId || undefined),
    ],
  });
}

/** Selects a dealer's columns and how many secondary dealers it heads. */
export function selectDealer(q: Base) {
  return q.select([
    "d.code",
    "d.name",
    "d.kind",
    "d.parent_code",
    "p.name as parent_name",
    "d.area_id",
    "d.address",
    "d.lng",
    "d.lat",
    "d.contact_name",
    "d.contact_phone",
    "d.brand_ids",
    "d.status",
    "d.updated_at",
    "d.update_name",
    sql<number>`(select count(*) from bss_dealer c where c.parent_code = d.code)`.as("secondary_count"),
  ]);
}
export type DealerRow = Awaited<ReturnType<ReturnType<typeof selectDealer>["executeTakeFirstOrThrow"]>>;

/** A selected row as openapi DealerRecord; brand names from the brand tree (`brands`: id → name). */
export function toDealer(r: DealerRow, brands: ReadonlyMap<number, string>): DealerRecord {
  const brandIds = jsonArray<number>(r.brand_ids);
  return {
    dealerCode: r.code,
    dealerName: r.name,
    kind: r.kind,
    parentCode: r.parent_code,
    parentName: r.parent_name ?? null,
    areaId: r.area_id,
    areaName: areaNameOf(r.area_id),
    address: r.address,
    lng: r.lng === null ? null : Number(r.lng),
    lat: r.lat === null ? null : Number(r.lat),
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    brandIds,
    brandNames: brandIds.map((id) => brands.get(id) ?? String(id)),
    status: r.status,
    secondaryCount: Number(r.secondary_count),
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

/** One dealer the caller holds, or 404 经销商不存在 (another tenant's reads as absent). */
export async function readDealer(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  code: string,
  brands: ReadonlyMap<number, string>,
) {
  const row = await selectDealer(filteredDealers(db, tenantIds, {}))
    .where("d.code", "=", code)
    .executeTakeFirst();
  if (!row) throw notFound(MSG_DEALER_NOT_FOUND);
  return toDealer(row, brands);
}
