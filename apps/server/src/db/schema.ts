import type { Generated } from "kysely";

/** Kysely's view of the tables the migrations create. */
export interface Database {
  app_meta: AppMetaTable;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}
