import type { TboxProtocol, TboxState } from "@tsp/domain";
import type { ColumnType } from "kysely";

/** The T-BOX register (migration tsp-bss:0020_tbox); the binding to a vehicle is `vehicle.tbox_sn`. */
export interface TboxTable {
  sn: string;
  tenant_id: number;
  /** Code of the TboxInfo catalogue (bss_option kind TboxInfo). */
  model: string;
  /** Code of a provider (bss_provider.code). */
  provider: string;
  protocol: TboxProtocol;
  hardware_version: string | null;
  firmware_version: string | null;
  imei: string | null;
  iccid: string | null;
  terminal_id: string | null;
  auth_code: string | null;
  state: TboxState;
  production_date: string | null;
  remark: string | null;
  /** Epoch ms of the last change, strictly increasing per terminal; bigint (a string on `pg`). */
  updated_at: ColumnType<number | string, number | undefined, number>;
  update_by: string | null;
  update_name: string | null;
}

declare module "../../../db/schema" {
  interface Database {
    bss_tbox: TboxTable;
  }
}
