import type { ColumnType } from "kysely";

/** Columns every register row has besides its fields (migration tsp-bss:0020_registers). */
export interface RegisterRowColumns {
  tenant_id: number;
  /** Epoch ms of the last change, strictly increasing per row; 0 when never edited. bigint: a string on `pg`. */
  updated_at: ColumnType<number | string, number | undefined, number>;
  update_by: string | null;
  update_name: string | null;
}

/** A register table's row: the declared fields as snake_case columns, plus the common ones. */
export type RegisterRow = RegisterRowColumns & Record<string, string | number | null>;

declare module "../../../db/schema" {
  interface Database {
    bss_gearbox: GearboxTable;
    bss_finance_org: FinanceOrgTable;
    bss_lease_org: LeaseOrgTable;
    bss_economic_speed: EconomicSpeedTable;
  }
}

/** A gearbox model (@tsp/domain GEARBOX_REGISTER). */
export interface GearboxTable extends RegisterRowColumns {
  code: string;
  model_name: string;
  manufacturer: string;
  gearbox_type: string;
  gears: number;
  max_input_torque: number;
  speed_ratios: string | null;
  remark: string | null;
}
/** A lender against vehicles (@tsp/domain FINANCE_ORG_REGISTER). */
export interface FinanceOrgTable extends RegisterRowColumns {
  code: string;
  name: string;
  kind: string;
  credit_code: string;
  contact: string | null;
  phone: string | null;
  status: string;
  remark: string | null;
}
/** A lease organisation (@tsp/domain LEASE_ORG_REGISTER). */
export interface LeaseOrgTable extends RegisterRowColumns {
  code: string;
  name: string;
  credit_code: string;
  contact: string | null;
  phone: string | null;
  region: string;
  status: string;
  remark: string | null;
}
/** An economic engine-speed band (@tsp/domain ECONOMIC_SPEED_REGISTER). */
export interface EconomicSpeedTable extends RegisterRowColumns {
  engine_model: string;
  manufacturer: string;
  min_rpm: number;
  max_rpm: number;
  peak_torque_rpm: number | null;
  remark: string | null;
}
