import type { LeaseLesseeType } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

type Money = ColumnType<number | string, number, number>;

/** One lease contract (migration tsp-bss:0030_lease_contract). */
export interface LeaseContractTable {
  tenant_id: number;
  contract_no: string;
  vin: string;
  lease_org_code: string;
  lessee_type: LeaseLesseeType;
  lessee_name: string;
  lessee_phone: string;
  lessee_id_no: string;
  start_date: string;
  end_date: string;
  monthly_rent: Money;
  deposit: Money;
  remark: string | null;
  return_date: string | null;
  return_reason: string | null;
  renewed_from: string | null;
  renewed_to: string | null;
  updated_at: ColumnType<number | string, number | undefined, number>;
  update_by: string | null;
  update_name: string | null;
}
export type LeaseAction = "create" | "edit" | "import" | "renew" | "return";
/** One change of a contract: what was done, why, and the contract as it was after. */
export interface LeaseContractLogTable {
  id: Generated<number>;
  tenant_id: number;
  contract_no: string;
  action: LeaseAction;
  reason: string | null;
  snapshot: string;
  at: ColumnType<number | string, number, number>;
  by: string;
  by_name: string;
}

declare module "../../../db/schema" {
  interface Database {
    bss_lease_contract: LeaseContractTable;
    bss_lease_contract_log: LeaseContractLogTable;
  }
}
