import { type SqlBool, sql } from "kysely";
import type { VehicleFilters } from "../lookups/vehicleBase";
import type { NerGroup } from "../tables";

/** The default search panel of the master-data screens (openapi NerQuery / NerExportFilter). */
export interface NerFilter {
  /** Brand-tree path: brandId, then seriesId, then modelId. */
  codes?: number[] | undefined;
  vin?: string | undefined;
  iccid?: string | undefined;
  msisdn?: string | undefined;
  vehicleModelId?: number | undefined;
  updateTimeStart?: number | undefined;
  updateTimeEnd?: number | undefined;
  /** The account (updateBy) that saved the record last. */
  updateBy?: string | undefined;
  /** The operating unit the vehicle info is filed under. */
  creditName?: string | undefined;
}

/** The filter's part of a validated body or a stored export task's parameters (paging keys dropped). */
export function nerFilterOf(body: NerFilter): NerFilter {
  const { codes, vin, iccid, msisdn, vehicleModelId, updateTimeStart, updateTimeEnd, updateBy, creditName } = body;
  return { codes, vin, iccid, msisdn, vehicleModelId, updateTimeStart, updateTimeEnd, updateBy, creditName };
}

/**
 * The filter as list conditions over a vehicle query. The update-time range and the update
 * person apply to the group's record when `group` is given, else to any group of the vehicle
 * (the base-info view); the operating unit is a field of the vehicle info.
 */
export const byNerFilter =
  (filter: NerFilter, group: NerGroup | null): VehicleFilters =>
  (f) => {
    const [brandId, seriesId, modelId] = filter.codes ?? [];
    const { updateTimeStart: start, updateTimeEnd: end } = filter;
    const grp = group === null ? sql`true` : sql`r2.grp = ${group}`;
    return [
      f.exact("b.id", brandId),
      f.exact("s.id", seriesId),
      f.exact("m.id", modelId),
      f.contains("v.vin", filter.vin),
      f.contains("v.iccid", filter.iccid),
      f.contains("sc.msisdn", filter.msisdn),
      f.exact("v.vehicle_model_id", filter.vehicleModelId),
      start === undefined && end === undefined
        ? undefined
        : sql<SqlBool>`exists (select 1 from ner_record r2 where r2.vin = v.vin and ${grp} and r2.update_time between ${start ?? 0} and ${end ?? Number.MAX_SAFE_INTEGER})`,
      filter.updateBy === undefined
        ? undefined
        : sql<SqlBool>`exists (select 1 from ner_record r2 where r2.vin = v.vin and ${grp} and r2.update_by = ${filter.updateBy})`,
      filter.creditName === undefined
        ? undefined
        : sql<SqlBool>`exists (select 1 from ner_record r3 where r3.vin = v.vin and r3.grp = 'vehicleInfo' and r3.data->>'creditName' = ${filter.creditName})`,
    ];
  };
