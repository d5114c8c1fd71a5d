import type { ColumnType } from "kysely";
import type { RegisterRowColumns } from "../registers/tables";

declare module "../../../db/schema" {
  interface Database {
    bss_app_user: AppUserTable;
    bss_app_user_vehicle: AppUserVehicleTable;
  }
}

/** An account of the owner app (@tsp/domain APP_USER_REGISTER). */
export interface AppUserTable extends RegisterRowColumns {
  user_id: string;
  phone: string;
  nickname: string;
  real_name_state: string;
  status: string;
  registered_on: string;
  last_sign_in: string | null;
  remark: string | null;
}
/** A user bound to a vehicle, as its owner or an authorised driver. */
export interface AppUserVehicleTable {
  tenant_id: number;
  user_id: string;
  vin: string;
  role: "owner" | "driver";
  /** Epoch ms; bigint (a string on `pg`). */
  bound_at: ColumnType<number | string, number, number>;
  bound_by: string | null;
}
