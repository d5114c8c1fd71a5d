import type { LoanBorrowerType, RestrictionState } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

type Big = ColumnType<number | string, number | undefined, number>;

/** One loan (migration tsp-bss:0031_loan). */
export interface LoanTable {
  tenant_id: number;
  loan_no: string;
  vin: string;
  finance_org_code: string;
  borrower_type: LoanBorrowerType;
  borrower_name: string;
  borrower_phone: string;
  borrower_id_no: string;
  principal: ColumnType<number | string, number, number>;
  term_months: number;
  start_date: string;
  repaid_periods: number;
  restriction: ColumnType<RestrictionState, RestrictionState | undefined, RestrictionState>;
  restriction_reason: string | null;
  restriction_requested_by: string | null;
  restriction_requested_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  restriction_reviewed_by: string | null;
  restriction_reviewed_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  restriction_note: string | null;
  updated_at: Big;
  update_by: string | null;
  update_name: string | null;
}
export type LoanAction = "create" | "edit" | "import" | "repay" | "restrict" | "review";
export interface LoanLogTable {
  id: Generated<number>;
  tenant_id: number;
  loan_no: string;
  action: LoanAction;
  reason: string | null;
  at: ColumnType<number | string, number, number>;
  by: string;
  by_name: string;
}

declare module "../../../db/schema" {
  interface Database {
    bss_loan: LoanTable;
    bss_loan_log: LoanLogTable;
  }
}
