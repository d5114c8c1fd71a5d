import type { ColumnType, Generated } from "kysely";

type Big = ColumnType<number | string, number, number>;
type BigNull = ColumnType<number | string | null, number | null | undefined, number | null>;

/** An operator's handling of an alarm episode (migration tsp-bss:0070_operate); no row (or open) = 未处理. */
export interface AlarmHandlingTable {
  alarm_id: Big;
  tenant_id: number;
  state: "open" | "acknowledged" | "closed";
  acknowledged_by: string | null;
  acknowledged_at: BigNull;
  acknowledge_note: string | null;
  closed_by: string | null;
  closed_at: BigNull;
  close_note: string | null;
}
export interface VehicleGroupTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  created_by: string;
  created_at: Big;
}
export interface VehicleGroupMemberTable {
  group_id: number;
  vin: string;
  added_by: string;
  added_at: Big;
}
export interface MessageSettingTable {
  account_id: number;
  min_level: ColumnType<number, number | undefined, number>;
  group_id: number | null;
  read_all_before: ColumnType<number | string, number | undefined, number>;
}
export interface MessageReadTable {
  account_id: number;
  message_key: string;
  read_at: Big;
}

declare module "../../../db/schema" {
  interface Database {
    operate_alarm_handling: AlarmHandlingTable;
    operate_vehicle_group: VehicleGroupTable;
    operate_vehicle_group_member: VehicleGroupMemberTable;
    personal_message_setting: MessageSettingTable;
    personal_message_read: MessageReadTable;
  }
}
