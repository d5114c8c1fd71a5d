import type { ColumnType, Generated } from "kysely";
import type { RegisterRowColumns } from "../registers/tables";

declare module "../../../db/schema" {
  interface Database {
    nr4_chip_filing: FilingRow;
    nr4_terminal_model_filing: FilingRow;
    nr4_machine_filing: FilingRow;
    nr4_terminal_replace_filing: FilingRow;
    nr4_forward_platform: ForwardPlatformTable;
    nr4_forward_machine: ForwardMachineTable;
  }
}

/** A filing row: its declared fields (the register piece reads them by name) and its state. */
export type FilingRow = RegisterRowColumns & {
  status: string;
  reason: string | null;
} & Record<string, string | number | null>;

/** A platform the machines' data is forwarded to; the password only sealed. */
export interface ForwardPlatformTable extends RegisterRowColumns {
  id: Generated<number>;
  name: string;
  host: string;
  port: number;
  protocol: string;
  account: string;
  password_sealed: string;
  enabled: boolean;
}

/** A machine forwarded to a platform since a time. */
export interface ForwardMachineTable {
  tenant_id: number;
  platform_id: number;
  pin: string;
  since: ColumnType<number | string, number, number>;
  enabled: boolean;
  update_name: string | null;
}
