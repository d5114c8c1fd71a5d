import type { ColumnType } from "kysely";

/** Tables and columns of the model abilities (migration tsp-bss:0011_model_ability). */
declare module "../../../db/schema" {
  interface Database {
    bss_model_ability: ModelAbilityTable;
  }
}
declare module "../tables" {
  interface ModelTable {
    /** Version of the ability list (epoch ms, strictly increasing; 0 when never edited). bigint: a string on `pg`. */
    ability_updated_at: ColumnType<number | string, number | undefined, number>;
    ability_update_name: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

/** One service (a code of the getServiceList catalogue) one model supports. */
export interface ModelAbilityTable {
  model_id: number;
  service_code: string;
}
