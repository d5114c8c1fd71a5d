import { MSG_STATION_NOT_FOUND, type ServiceStationEdit, type StationServiceType } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { DataOf, QueryOf } from "../../defineHandler";
import { areaNameOf, inRegion, jsonArray } from "../dealer/outlet";
import "./tables";

/** A station as the contract answers it. */
export type ServiceStationRecord = DataOf<"getServiceStation">;
/** The list's filters (the export takes exactly these). */
export type ServiceStationFilter = QueryOf<"exportServiceStations">;

const base = (db: Kysely<Database>) => db.selectFrom("bss_service_station as s");
type Base = ReturnType<typeof base>;

/** The tenant's stations matching the filters (AND; code and name as substrings; a region and below; a service offered). */
export function filteredStations(db: Kysely<Database>, tenantIds: readonly number[], f: ServiceStationFilter): Base {
  return where(base(db), {
    tenant: ["s.tenant_id", { tenantIds }],
    filters: (x) => [
      x.contains("s.code", f.stationCode),
      x.contains("s.name", f.stationName),
      x.exact("s.level", f.level),
      x.exact("s.status", f.status),
      inRegion("s.area_id", f.areaId || undefined),
      f.serviceType ? sql<SqlBool>`s.service_types @> ${JSON.stringify([f.serviceType])}::jsonb` : undefined,
    ],
  });
}

export const selectStation = (q: Base) => q.selectAll("s");
type Row = Awaited<ReturnType<ReturnType<typeof selectStation>["executeTakeFirstOrThrow"]>>;

/** A row as openapi ServiceStationRecord; brand names from the brand tree. */
export function toStation(r: Row, brands: ReadonlyMap<number, string>): ServiceStationRecord {
  const brandIds = jsonArray<number>(r.brand_ids);
  return {
    stationCode: r.code,
    stationName: r.name,
    areaId: r.area_id,
    areaName: areaNameOf(r.area_id),
    address: r.address,
    lng: r.lng === null ? null : Number(r.lng),
    lat: r.lat === null ? null : Number(r.lat),
    contactName: r.contact_name,
    servicePhone: r.service_phone,
    serviceTypes: jsonArray<StationServiceType>(r.service_types),
    brandIds,
    brandNames: brandIds.map((id) => brands.get(id) ?? String(id)),
    level: r.level,
    status: r.status,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

/** One station the caller holds, or 404 服务站不存在. */
export async function readStation(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  code: string,
  brands: ReadonlyMap<number, string>,
) {
  const row = await selectStation(filteredStations(db, tenantIds, {}))
    .where("s.code", "=", code)
    .executeTakeFirst();
  if (!row) throw notFound(MSG_STATION_NOT_FOUND);
  return toStation(row, brands);
}

/** The columns a station edit writes. */
export const stationValues = (e: ServiceStationEdit) => ({
  name: e.stationName,
  area_id: e.areaId,
  address: e.address,
  lng: e.lng,
  lat: e.lat,
  contact_name: e.contactName,
  service_phone: e.servicePhone,
  service_types: JSON.stringify(e.serviceTypes),
  brand_ids: JSON.stringify(e.brandIds),
  level: e.level,
  status: e.status,
});
