import type { DeviceChangeKind, DeviceChangeReason, DeviceChangeState } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

type Ms = ColumnType<number | string, number, number>;

/** One replacement record (migration tsp-bss:0065_device_change). */
export interface DeviceChangeTable {
  id: Generated<number>;
  tenant_id: number;
  kind: DeviceChangeKind;
  vin: string;
  old_code: string;
  new_code: string;
  reason: DeviceChangeReason;
  remark: string | null;
  applied_by: string;
  applicant_name: string;
  applied_at: Ms;
  state: ColumnType<DeviceChangeState, DeviceChangeState | undefined, DeviceChangeState>;
  reviewed_by: string | null;
  reviewer_name: string | null;
  reviewed_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  review_note: string | null;
}

declare module "../../../db/schema" {
  interface Database {
    bss_device_change: DeviceChangeTable;
  }
}
