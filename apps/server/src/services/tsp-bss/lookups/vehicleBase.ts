import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants } from "../../../platform/principal";
import "../tables";

/**
 * The tenant's vehicles joined with their place in the brand tree and their SIM card: the
 * base of every vehicle picker and of the new-energy master-data queries.
 */
export function vehicleBase(db: Kysely<Database>, tenantIds: readonly number[]) {
  return db
    .selectFrom("vehicle as v")
    .leftJoin("bss_model as m", "m.id", "v.model_id")
    .leftJoin("bss_series as s", "s.id", "m.series_id")
    .leftJoin("bss_brand as b", "b.id", "s.brand_id")
    .leftJoin("bss_oem as o", "o.id", "b.oem_id")
    .leftJoin("bss_sim_card as sc", "sc.vin", "v.vin")
    .leftJoin("ner_vehicle_model as nm", "nm.id", "v.vehicle_model_id")
    .where(inTenants("v.tenant_id", { tenantIds }));
}

export type VehicleBaseQuery = ReturnType<typeof vehicleBase>;

/** Filters of the VIN / T-BOX pickers (platform-shell.md §7 "vin, oemId, unBindOwner, brandId, seriesId, modelId"). */
export interface VehicleDims {
  vin?: string | undefined;
  oemId?: number | undefined;
  unBindOwner?: boolean | undefined;
  brandId?: number | undefined;
  seriesId?: number | undefined;
  modelId?: number | undefined;
}

/** Applies the picker dimensions to a {@link vehicleBase} query. */
export function withDims(q: VehicleBaseQuery, dims: VehicleDims, pattern: (s: string) => string): VehicleBaseQuery {
  let out = q;
  if (dims.vin) out = out.where("v.vin", "ilike", pattern(dims.vin));
  if (dims.oemId !== undefined) out = out.where("o.id", "=", dims.oemId);
  if (dims.brandId !== undefined) out = out.where("b.id", "=", dims.brandId);
  if (dims.seriesId !== undefined) out = out.where("s.id", "=", dims.seriesId);
  if (dims.modelId !== undefined) out = out.where("m.id", "=", dims.modelId);
  if (dims.unBindOwner === true) out = out.where("v.owner_name", "is", null);
  return out;
}

/** Selects a VehicleBrief (openapi tsp-bss) from a {@link vehicleBase} query. */
export async function briefs(q: VehicleBaseQuery, limit: number, offset: number) {
  const rows = await q
    .select([
      "v.vin",
      "v.plate",
      "v.tbox_sn",
      "v.iccid",
      "o.name as oem_name",
      "b.name as brand_name",
      "s.name as series_name",
      "m.name as model_name",
    ])
    .orderBy("v.vin")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    vin: r.vin,
    plateNo: r.plate,
    oemName: r.oem_name ?? "",
    brandName: r.brand_name ?? "",
    seriesName: r.series_name ?? "",
    modelName: r.model_name ?? "",
    tboxSn: r.tbox_sn,
    iccid: r.iccid,
  }));
}

/** Row count of a {@link vehicleBase} query. */
export async function countOf(q: VehicleBaseQuery): Promise<number> {
  const row = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
