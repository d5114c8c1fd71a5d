import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "../../../db/schema";
import { type Filters, type Scope, where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import "../tables";

/**
 * The tenant's vehicles joined with their place in the brand tree and their SIM card: the
 * base of every vehicle picker and of the new-energy master-data queries.
 */
export function vehicleBase(db: Kysely<Database>, principal: Pick<Principal, "tenantIds">) {
  const q = db
    .selectFrom("vehicle as v")
    .leftJoin("bss_model as m", "m.id", "v.model_id")
    .leftJoin("bss_series as s", "s.id", "m.series_id")
    .leftJoin("bss_brand as b", "b.id", "s.brand_id")
    .leftJoin("bss_oem as o", "o.id", "b.oem_id")
    .leftJoin("bss_sim_card as sc", "sc.vin", "v.vin")
    .leftJoin("ner_vehicle_model as nm", "nm.id", "v.vehicle_model_id");
  return where(q, { tenant: ["v.tenant_id", principal] });
}

export type VehicleBaseQuery = ReturnType<typeof vehicleBase>;
type VehicleDb = VehicleBaseQuery extends SelectQueryBuilder<infer DB, infer _TB, infer _O> ? DB : never;
type VehicleTables = VehicleBaseQuery extends SelectQueryBuilder<infer _DB, infer TB, infer _O> ? TB : never;
/** The list helper's filters over a {@link vehicleBase} query. */
export type VehicleFilters = NonNullable<Scope<VehicleDb, VehicleTables>["filters"]>;
export type VehicleFilterBuilders = Filters<VehicleDb, VehicleTables>;

/** Filters of the VIN / T-BOX pickers (platform-shell.md §7 "vin, oemId, unBindOwner, brandId, seriesId, modelId"). */
export interface VehicleDims {
  vin?: string | undefined;
  oemId?: number | undefined;
  unBindOwner?: boolean | undefined;
  brandId?: number | undefined;
  seriesId?: number | undefined;
  modelId?: number | undefined;
}

/** The picker dimensions as list filters: the VIN a substring, the tree ids exact. */
export const byDims =
  (d: VehicleDims): VehicleFilters =>
  (f) => [
    f.contains("v.vin", d.vin),
    f.exact("o.id", d.oemId),
    f.exact("b.id", d.brandId),
    f.exact("s.id", d.seriesId),
    f.exact("m.id", d.modelId),
    f.isNull("v.owner_name", d.unBindOwner),
  ];

/** The columns of a VehicleBrief (openapi tsp-bss). */
export const briefColumns = (q: VehicleBaseQuery) =>
  q.select([
    "v.vin",
    "v.plate",
    "v.tbox_sn",
    "v.iccid",
    "o.name as oem_name",
    "b.name as brand_name",
    "s.name as series_name",
    "m.name as model_name",
  ]);

/** A row of {@link briefColumns} as a VehicleBrief. */
export const toBrief = (r: Awaited<ReturnType<ReturnType<typeof briefColumns>["executeTakeFirstOrThrow"]>>) => ({
  vin: r.vin,
  plateNo: r.plate,
  oemName: r.oem_name ?? "",
  brandName: r.brand_name ?? "",
  seriesName: r.series_name ?? "",
  modelName: r.model_name ?? "",
  tboxSn: r.tbox_sn,
  iccid: r.iccid,
});
