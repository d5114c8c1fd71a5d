import type { ColumnType, Generated } from "kysely";

type Big = ColumnType<number | string, number, number>;
type BigNull = ColumnType<number | string | null, number | null | undefined, number | null>;

/** Migration tsp-bss:0079_device_health, merged into the one Database interface. */
declare module "../../../db/schema" {
  interface Database {
    bss_tbox_fault: TboxFaultTable;
    bss_tamper_alarm: TamperAlarmTable;
    bss_device_sweep: DeviceSweepTable;
    bss_alarm_notify: AlarmNotifyTable;
  }
}

interface Handling {
  state: ColumnType<"open" | "handling" | "done", "open" | "handling" | "done" | undefined, "handling" | "done">;
  handled_by: string | null;
  handled_at: BigNull;
  note: string | null;
}

export interface TboxFaultTable extends Handling {
  id: Generated<number>;
  vin: string;
  kind: string;
  started_at: Big;
  last_seen_at: Big;
  ended_at: BigNull;
  detail: string;
}

export interface TamperAlarmTable extends Handling {
  id: Generated<number>;
  vin: string;
  kind: "removed" | "powerOff";
  level: number;
  started_at: Big;
  last_report_at: Big;
  ended_at: BigNull;
  reports: ColumnType<number, number | undefined, number>;
  longitude: number | null;
  latitude: number | null;
  source_alarm_id: BigNull;
}

export interface DeviceSweepTable {
  id: number;
  swept_at: Big;
}

export interface AlarmNotifyTable {
  id: Generated<number>;
  tenant_id: number;
  account_id: number;
  channels: string[];
  kinds: string[];
  min_level: number;
  regions: string[];
  enabled: boolean;
  remark: string;
  updated_by: string;
  updated_at: Big;
}
