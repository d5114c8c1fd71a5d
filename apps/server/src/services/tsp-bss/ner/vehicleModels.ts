import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import type { Handler } from "../../types";
import { must } from "../actor";
import type { NerVehicleModelTable } from "../tables";
import { visibleVehicle } from "./records";

/** A stored model as selected (the creator too: importNerVehicleModel reads it). */
type ModelRow = Selectable<NerVehicleModelTable>;

/** A stored announcement model as openapi VehicleModelParam. */
export function toModelParam(r: ModelRow) {
  return {
    vehicleModelId: r.id,
    vehicleModel: r.vehicle_model,
    vehicleName: r.vehicle_name,
    vehicleType: r.vehicle_type,
    brandName: r.brand_name,
    manufacturer: r.manufacturer,
    curbWeight: Number(r.curb_weight),
    maxSpeed: Number(r.max_speed),
    driveModel: r.drive_model,
    tboxModel: r.tbox_model,
    batteryModel: r.battery_model,
    ratedEnergy: r.rated_energy === null ? null : Number(r.rated_energy),
  };
}

/** One announcement model by id, or null. */
export async function modelById(db: Kysely<Database>, id: number): Promise<ModelRow | null> {
  return (await db.selectFrom("ner_vehicle_model").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** getVehicleModelByVin: the vehicle's announcement parameters; null when no model is set. */
export const getVehicleModelByVin: Handler = async ({ query, principal }, ctx) => {
  const vehicle = await visibleVehicle(ctx.db, String(query.vin), must(principal).tenantIds);
  if (!vehicle) throw notFound("车辆不存在");
  if (vehicle.vehicle_model_id === null) return null;
  const model = await modelById(ctx.db, vehicle.vehicle_model_id);
  return model ? toModelParam(model) : null;
};
