import type { TspBss } from "@tsp/sdk/generated";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants } from "../../../platform/principal";
import type { NerGroup } from "../tables";
import "../tables";

type Schemas = TspBss.components["schemas"];
/** Each group's record as openapi/ answers it (Ner<Group>Info): vin, the fields, who changed it last. */
export interface GroupInfo {
  vehicleInfo: Schemas["NerVehicleInfo"];
  batteryInfo: Schemas["NerBatteryInfo"];
  driveInfo: Schemas["NerDriveInfo"];
  terminalInfo: Schemas["NerTerminalInfo"];
}

/** A stored group record as openapi/ answers it, whichever the group. */
export type GroupRecord = GroupInfo[NerGroup];

/** The vehicle-info group also shows the vehicle's announcement model (changed by update/vehicleModel). */
export interface ModelRef {
  vehicleModelId: number | null;
  vehicleModel: string | null;
}

/**
 * Turns a stored row into the API shape. `data` holds the group's fields exactly as the save
 * and import paths validated them against the group's edit schema, hence the one cast.
 */
export function toGroupRecord<G extends NerGroup>(
  row: { vin: string; data: Record<string, unknown>; update_by: string; update_name: string; update_time: unknown },
  group: G,
  model: ModelRef,
): GroupInfo[G] {
  const data = typeof row.data === "string" ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
  return {
    vin: row.vin,
    ...data,
    ...(group === "vehicleInfo" ? { vehicleModelId: model.vehicleModelId, vehicleModel: model.vehicleModel } : {}),
    updateBy: row.update_by,
    updateName: row.update_name,
    updateTime: Number(row.update_time),
  } as unknown as GroupInfo[G];
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
