import type { SaleBuyerType, SaleUse } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

/** One retail sale (migration tsp-bss:0021_vehicle_sale). */
export interface VehicleSaleTable {
  vin: string;
  tenant_id: number;
  dealer_code: string;
  pickup_code: string | null;
  buyer_type: SaleBuyerType;
  buyer_name: string;
  buyer_phone: string;
  buyer_id_no: string;
  sale_date: string;
  invoice_no: string;
  price: number;
  use_type: SaleUse;
  remark: string | null;
  updated_at: ColumnType<number | string, number | undefined, number>;
  update_by: string | null;
  update_name: string | null;
}
/** One change of a sale: what was done, why (an undo), and the sale as it was after (before, for an undo). */
export interface VehicleSaleLogTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  action: "record" | "edit" | "import" | "undo";
  reason: string | null;
  snapshot: string;
  at: ColumnType<number | string, number, number>;
  by: string;
  by_name: string;
}

declare module "../../../db/schema" {
  interface Database {
    bss_vehicle_sale: VehicleSaleTable;
    bss_vehicle_sale_log: VehicleSaleLogTable;
  }
}
