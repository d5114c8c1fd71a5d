import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants } from "../../../platform/principal";
import type { NerGroup } from "../tables";
import "../tables";

/** A stored group record as openapi/ answers it (Ner<Group>Info): vin, the fields, who changed it last. */
export type GroupRecord = Record<string, unknown> & {
  vin: string;
  updateBy: string;
  updateName: string;
  updateTime: number;
};

/** The vehicle-info group also shows the vehicle's announcement model (changed by update/vehicleModel). */
export interface ModelRef {
  vehicleModelId: number | null;
  vehicleModel: string | null;
}

/** Turns a stored row into the API shape. */
export function toGroupRecord(
  row: { vin: string; data: Record<string, unknown>; update_by: string; update_name: string; update_time: unknown },
  group: NerGroup,
  model: ModelRef,
): GroupRecord {
  const data = typeof row.data === "string" ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
  return {
    vin: row.vin,
    ...data,
    ...(group === "vehicleInfo" ? { vehicleModelId: model.vehicleModelId, vehicleModel: model.vehicleModel } : {}),
    updateBy: row.update_by,
    updateName: row.update_name,
    updateTime: Number(row.update_time),
  };
}

/** The vehicle of a VIN when one of the tenants owns it, else null (another tenant's VIN reads as absent). */
export async function visibleVehicle(db: Kysely<Database>, vin: string, tenantIds: readonly number[]) {
  const row = await db
    .selectFrom("vehicle as v")
    .leftJoin("ner_vehicle_model as nm", "nm.id", "v.vehicle_model_id")
    .select(["v.vin", "v.tenant_id", "v.iccid", "v.tbox_sn", "v.plate", "v.vehicle_model_id", "nm.vehicle_model"])
    .where("v.vin", "=", vin)
    .where(inTenants("v.tenant_id", { tenantIds }))
    .executeTakeFirst();
  return row ?? null;
}

/** One group record of a vehicle, or null when never filled. */
export async function readRecord(db: Kysely<Database>, vin: string, group: NerGroup) {
  const row = await db
    .selectFrom("ner_record")
    .select(["vin", "data", "update_by", "update_name", "update_time"])
    .where("vin", "=", vin)
    .where("grp", "=", group)
    .executeTakeFirst();
  return row ?? null;
}
