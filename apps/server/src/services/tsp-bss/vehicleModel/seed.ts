import { sql } from "kysely";
import type { SeedContext } from "../../types";
import {
  EXTRA_BRANDS,
  EXTRA_MODELS,
  EXTRA_SERIES,
  REFERENCE_MODEL_ATTRIBUTES,
  type SeedModelAttributes,
} from "./seedData";
import "./tables";

const columns = (a: SeedModelAttributes) => ({
  vehicle_name: a.vehicleName,
  power_type: a.powerType,
  engine_model: a.engineModel,
  electric_model: a.electricModel,
  chassis_model: a.chassisModel,
  emission_stage: a.emissionStage,
  fuel_type: a.fuelType,
  gross_mass_kg: a.grossMassKg,
  curb_mass_kg: a.curbMassKg,
  remark: a.remark,
});

/**
 * The catalogue's demo data, fixed (no rng: the shared stream and every other module's data
 * stay as they were): attributes of the reference models the demo vehicles are of, and more
 * brands, series and models — fuel, LNG, range-extender, battery and farm machinery — that no
 * demo vehicle is of. A few statements: every test server pays for the seed.
 */
export async function seedModelCatalogue(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  await db
    .insertInto("bss_brand")
    .values(EXTRA_BRANDS.map((b) => ({ ...b })))
    .execute();
  await db
    .insertInto("bss_series")
    .values(EXTRA_SERIES.map((s) => ({ ...s })))
    .execute();
  await db
    .insertInto("bss_model")
    .values(EXTRA_MODELS.map((m) => ({ id: m.id, series_id: m.seriesId, name: m.name, ...columns(m) })))
    .execute();
  const values = Object.entries(REFERENCE_MODEL_ATTRIBUTES).map(([id, a]) => {
    const c = columns(a);
    return sql`(${Number(id)}::integer, ${c.vehicle_name}, ${c.power_type}, ${c.engine_model}, ${c.electric_model}, ${c.chassis_model}, ${c.emission_stage}, ${c.fuel_type}, ${c.gross_mass_kg}::integer, ${c.curb_mass_kg}::integer, ${c.remark})`;
  });
  await sql`update bss_model as m set vehicle_name = v.vehicle_name, power_type = v.power_type,
      engine_model = v.engine_model, electric_model = v.electric_model, chassis_model = v.chassis_model,
      emission_stage = v.emission_stage, fuel_type = v.fuel_type, gross_mass_kg = v.gross_mass_kg,
      curb_mass_kg = v.curb_mass_kg, remark = v.remark
    from (values ${sql.join(values)}) as v(id, vehicle_name, power_type, engine_model, electric_model, chassis_model, emission_stage, fuel_type, gross_mass_kg, curb_mass_kg, remark)
    where m.id = v.id`.execute(db);
}
