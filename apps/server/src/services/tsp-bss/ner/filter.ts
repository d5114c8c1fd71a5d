import { sql } from "kysely";
import type { VehicleBaseQuery } from "../lookups/vehicleBase";
import { containsPattern } from "../paging";
import type { NerGroup } from "../tables";

/** The default search panel of the master-data screens (openapi NerQuery / NerExportFilter). */
export interface NerFilter {
  /** Brand-tree path: brandId, then seriesId, then modelId. */
  codes?: number[];
  vin?: string;
  iccid?: string;
  msisdn?: string;
  vehicleModelId?: number;
  updateTimeStart?: number;
  updateTimeEnd?: number;
}

/** The filter's part of a validated body (paging keys dropped). */
export function nerFilterOf(body: unknown): NerFilter {
  const b = (body ?? {}) as Record<string, unknown>;
  const f: NerFilter = {};
  if (Array.isArray(b.codes)) f.codes = b.codes.map(Number);
  for (const key of ["vin", "iccid", "msisdn"] as const) if (typeof b[key] === "string") f[key] = b[key] as string;
  for (const key of ["vehicleModelId", "updateTimeStart", "updateTimeEnd"] as const)
    if (typeof b[key] === "number") f[key] = b[key] as number;
  return f;
}

/**
 * Applies the filter to a vehicle query. The update-time range applies to the group's record
 * when `group` is given, else to any group of the vehicle (the base-info view).
 */
export function applyNerFilter(q: VehicleBaseQuery, f: NerFilter, group: NerGroup | null): VehicleBaseQuery {
  let out = q;
  const [brandId, seriesId, modelId] = f.codes ?? [];
  if (brandId !== undefined) out = out.where("b.id", "=", brandId);
  if (seriesId !== undefined) out = out.where("s.id", "=", seriesId);
  if (modelId !== undefined) out = out.where("m.id", "=", modelId);
  if (f.vin) out = out.where("v.vin", "ilike", containsPattern(f.vin));
  if (f.iccid) out = out.where("v.iccid", "ilike", containsPattern(f.iccid));
  if (f.msisdn) out = out.where("sc.msisdn", "ilike", containsPattern(f.msisdn));
  if (f.vehicleModelId !== undefined) out = out.where("v.vehicle_model_id", "=", f.vehicleModelId);
  if (f.updateTimeStart !== undefined || f.updateTimeEnd !== undefined) {
    const start = f.updateTimeStart ?? 0;
    const end = f.updateTimeEnd ?? Number.MAX_SAFE_INTEGER;
    const grp = group === null ? sql`true` : sql`r2.grp = ${group}`;
    out = out.where(
      sql<boolean>`exists (select 1 from ner_record r2 where r2.vin = v.vin and ${grp} and r2.update_time between ${start} and ${end})`,
    );
  }
  return out;
}
