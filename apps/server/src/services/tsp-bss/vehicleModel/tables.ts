import type { EmissionStage, FuelType, PowerType } from "@tsp/domain";
import type { ColumnType } from "kysely";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** Epoch ms of the last change, strictly increasing per row; 0 when never edited. bigint: a string on `pg`. */
type Version = ColumnType<number | string, number | undefined, number>;

/**
 * Columns the vehicle-model catalogue adds to tsp-bss's brand tree (migration
 * tsp-bss:0010_model_catalogue), merged into its row types. Ids get a default from a
 * sequence, so the screen inserts without one.
 */
declare module "../tables" {
  interface BrandTable {
    updated_at: Version;
    update_name: Nullable<string>;
  }
  interface SeriesTable {
    updated_at: Version;
    update_name: Nullable<string>;
  }
  interface ModelTable {
    vehicle_name: Nullable<string>;
    power_type: Nullable<PowerType>;
    engine_model: Nullable<string>;
    electric_model: Nullable<string>;
    chassis_model: Nullable<string>;
    emission_stage: Nullable<EmissionStage>;
    fuel_type: Nullable<FuelType>;
    gross_mass_kg: Nullable<number>;
    curb_mass_kg: Nullable<number>;
    remark: Nullable<string>;
    updated_at: Version;
    update_name: Nullable<string>;
  }
}
