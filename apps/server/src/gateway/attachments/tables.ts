import type { ColumnType, Generated } from "kysely";

/** The active-safety tables (migration 0027_active_safety), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    gateway_safety_alarm: GatewaySafetyAlarmTable;
    gateway_safety_file: GatewaySafetyFileTable;
  }
}

type Big = ColumnType<number, number, number>;
type BigNull = ColumnType<number | null, number | null | undefined, number | null>;
type NumNull = ColumnType<number | null, number | null | undefined, number | null>;

/** One 苏标 alarm reported with attachments (0x64–0x67 of a 0x0200 whose 报警标识号 counts files). */
export interface GatewaySafetyAlarmTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  phone: string;
  /** adas, dsm, tpms, bsd. */
  source: string;
  alarm_type: NumNull;
  level: NumNull;
  /** The terminal's own 报警ID. */
  terminal_alarm_id: Big;
  alarm_at: Big;
  latitude: NumNull;
  longitude: NumNull;
  speed_kmh: NumNull;
  terminal_id: string;
  mark_time: Big;
  mark_serial: number;
  file_count: number;
  /** The platform's 报警编号 (32 characters), sent in 0x9208 and named again by 0x1210. */
  alarm_number: string;
  received_at: Big;
}

/** One file a 0x1210 listed; `object_key` only once it arrived whole. */
export interface GatewaySafetyFileTable {
  id: Generated<number>;
  alarm_id: Big;
  name: string;
  /** 0 图片, 1 音频, 2 视频, 3 文本, 4 其它 (from 0x1211). */
  file_type: NumNull;
  size: Big;
  object_key: string | null;
  /** How many 0x9212 answers asked for ranges again. */
  resends: ColumnType<number, number | undefined, number>;
  listed_at: Big;
  completed_at: BigNull;
}
