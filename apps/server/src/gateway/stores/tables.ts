import type { Generated } from "kysely";

/** The gateway's decoded stores (migration 0005_decoded_stores), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    gateway_position: GatewayPositionTable;
    gateway_alarm: GatewayAlarmTable;
  }
}

/** One position a frame reported (a 0x0704 batch gives one per entry, `seq` 0…). */
export interface GatewayPositionTable {
  frame_id: number;
  seq: number;
  /** The frame's receipt time: the day partition. */
  received_at: number;
  vin: string;
  protocol: string;
  collected_at: number;
  resent: boolean;
  fix_valid: boolean;
  longitude: number | null;
  latitude: number | null;
  speed_kmh: number | null;
  mileage_km: number | null;
  soc: number | null;
}

/** One alarm episode of a vehicle: from the first report carrying it to the first without it. */
export interface GatewayAlarmTable {
  id: Generated<number>;
  /** Receipt time of the frame that started it: the day partition. */
  received_at: number;
  vin: string;
  protocol: string;
  name: string;
  level: number | null;
  started_at: number;
  /** Null while the alarm is on. */
  ended_at: number | null;
  start_frame_id: number;
  end_frame_id: number | null;
}
