import type { ColumnType, Generated } from "kysely";

/** The multimedia table (migration 0013_multimedia), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    gateway_media: GatewayMediaTable;
  }
}

type Big = ColumnType<number, number, number>;
type BigNull = ColumnType<number | null, number | null | undefined, number | null>;

/** One multimedia item a JT/T 808 terminal announced (0x0800) or uploaded (0x0801). */
export interface GatewayMediaTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  /** The terminal's phone as the registers compare it (leading zeros trimmed). */
  phone: string;
  /** The terminal's multimedia id (DWORD). */
  media_id: Big;
  /** 0 image, 1 audio, 2 video. */
  type: number;
  /** 0 JPEG, 1 TIF, 2 MP3, 3 WAV, 4 WMV. */
  format: number;
  /** What made the terminal shoot (0 platform command … 7 distance; 2/3 are alarms). */
  event: number;
  channel: number;
  /** The location time of the 0x0801 (epoch ms); null while only announced. */
  shot_at: BigNull;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  speed_kmh: ColumnType<number | null, number | null | undefined, number | null>;
  /** The location's alarm flags when it was shot. */
  alarm: BigNull;
  received_at: Big;
  /** The private object holding the data; null while only announced. */
  object_key: string | null;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  /** The shoot command (gateway_command.id) whose answer listed this id. */
  command_id: BigNull;
}
